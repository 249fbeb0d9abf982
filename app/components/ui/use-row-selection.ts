import { useCallback, useRef, useState } from "react";

/**
 * The rows (or cards) ticked for a page's bulk actions (issue 13): a tick, or with Shift every row
 * from the last ticked one to this one, in `rowIds`' order, taking its state; and "Select all on
 * this page". Only the shown rows count: `selected` is those of `rowIds` that are ticked. Used by the
 * applications and candidates lists and by the pipeline (its cards in the board's order).
 */
export function useRowSelection(rowIds: readonly string[]) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const lastTicked = useRef<string | null>(null);

  /** The row `id` ticked or not; with Shift, the range from the last ticked row too. */
  const tick = useCallback(
    (id: string, on: boolean, shiftKey: boolean) => {
      const from = shiftKey && lastTicked.current ? rowIds.indexOf(lastTicked.current) : -1;
      const to = rowIds.indexOf(id);
      const range = from >= 0 && to >= 0 ? rowIds.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
      lastTicked.current = id;
      setTicked((current) => {
        const next = new Set(current);
        for (const one of range) {
          if (on) next.add(one);
          else next.delete(one);
        }
        return next;
      });
    },
    [rowIds],
  );

  const selectAll = useCallback(
    (on: boolean) => {
      setTicked(on ? new Set(rowIds) : new Set());
      lastTicked.current = null;
    },
    [rowIds],
  );

  return { ticked, selected: rowIds.filter((id) => ticked.has(id)), tick, selectAll, clear: () => selectAll(false) };
}
