import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/** False on the server and while hydrating, true right after (and in a client-only render):
 * what only the browser can know renders after hydration, never into a mismatch. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
