import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and in the hydration pass (so the HTML matches), true from then on: what
 * only works with JavaScript, or only in the browser, waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
