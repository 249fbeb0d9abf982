import { useState } from "react";

/**
 * The rows ticked on a list's page for its bulk actions (issue 13): a tick, or with Shift every row
 * from the last ticked one to this one taking its state, and "Select all on this page". Only the
 * page's rows count: `selected` is those of `rowIds` that are ticked.
 */
export function useRowSelection(rowIds: readonly string[]) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [lastTicked, setLastTicked] = useState<number | null>(null);

  /** The row at `index` ticked or not; with Shift, the range from the last ticked row too. */
  function tick(index: number, on: boolean, shiftKey: boolean) {
    const from = shiftKey && lastTicked !== null ? Math.min(lastTicked, index) : index;
    const to = shiftKey && lastTicked !== null ? Math.max(lastTicked, index) : index;
    setLastTicked(index);
    setTicked((current) => {
      const next = new Set(current);
      for (const id of rowIds.slice(from, to + 1)) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  function selectAll(on: boolean) {
    setTicked(on ? new Set(rowIds) : new Set());
    setLastTicked(null);
  }

  return { ticked, selected: rowIds.filter((id) => ticked.has(id)), tick, selectAll, clear: () => selectAll(false) };
}
