// Whether a CSS media query holds now, kept up to date as the window changes (a phone turned,
// a window resized): for what CSS alone cannot do, such as where an element lives. False
// where the page has no media queries (jsdom, in unit tests).
import { useSyncExternalStore } from "react";

const holds = (query: string) => typeof window.matchMedia === "function" && window.matchMedia(query).matches;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => holds(query),
  );
}
