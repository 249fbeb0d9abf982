/**
 * A list's "Select all on this page" box (the candidates' tags, the applications' bulk actions): it
 * ticks or unticks every row shown. It needs JavaScript; without it each row is ticked by hand, and
 * its title says so.
 */
export function SelectAllOnPage({
  selected,
  onPage,
  hydrated,
  onSelectAll,
  rows,
}: {
  selected: number;
  onPage: number;
  hydrated: boolean;
  onSelectAll: (on: boolean) => void;
  /** What the rows are, for the title without JavaScript ("candidate", "application"). */
  rows: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
      <input
        type="checkbox"
        checked={onPage > 0 && selected === onPage}
        onChange={(event) => onSelectAll(event.target.checked)}
        disabled={!hydrated}
        title={hydrated ? undefined : `Selecting all needs JavaScript: tick each ${rows}`}
        className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
      />
      Select all on this page
    </label>
  );
}
