/**
 * An empty cell or detail: a dash drawn by the style sheet and read out as "None". Not a "—" in the
 * markup: on the lists that repeat it, one character outside Latin-1 makes the server build the whole
 * page two bytes a character (decision 133).
 */
export function NoValue() {
  return (
    <span className="no-value">
      <span className="sr-only">None</span>
    </span>
  );
}
