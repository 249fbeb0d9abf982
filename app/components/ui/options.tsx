/**
 * The `<option>`s of a choice among named rows (templates, reasons, stages), after a first empty one
 * saying what to do ("Choose a template") or what none means ("No email").
 */
export function NamedOptions({ items, placeholder }: { items: readonly { id: string; name: string }[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </>
  );
}
