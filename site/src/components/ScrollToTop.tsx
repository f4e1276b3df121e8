import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { scrollToAnchor } from "../behaviours/motion";

/** Every route change starts at the top of the new page (or at its #anchor). The first
 * render is left alone: the browser already honours the URL the visitor opened. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash && scrollToAnchor(hash)) return;
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
