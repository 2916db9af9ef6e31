import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server HTML and while React hydrates it, true afterwards: components render their
 * no-JS form first (a link, a native control) and let the enhanced widget take over (spec/03 §8).
 * React reads the server snapshot during any hydration, also of a part that hydrates late (a lazily
 * loaded login modal that was in the server HTML), so that part matches the HTML it takes over;
 * a component mounted later on the client starts enhanced.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
