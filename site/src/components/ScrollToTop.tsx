import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { jumpToTop, scrollToAnchor } from "../behaviours/motion";

/** A route change shows the new page from its top (or at its #anchor) at once; a new #anchor
 * on the same page scrolls there smoothly. The first render is left alone: the browser
 * already honours the URL the visitor opened. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const previous = useRef<string | null>(null);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === null) return;
    const newPage = before !== pathname;
    if (hash && scrollToAnchor(hash, !newPage)) return;
    if (newPage) jumpToTop();
  }, [pathname, hash]);
  return null;
}
