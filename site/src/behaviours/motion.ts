export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** "instant" overrides the stylesheet's `scroll-behavior: smooth`, which "auto" would follow. */
function behaviour(smooth: boolean): ScrollBehavior {
  return smooth && !prefersReducedMotion() ? "smooth" : "instant";
}

/** Scrolls to the element of an in-page anchor ("#formulaire"), smoothly (unless the visitor
 * asked for reduced motion, or `smooth` is false: a new page opened at its anchor), and
 * moves keyboard focus there. Returns false if it is absent. */
export function scrollToAnchor(hash: string, smooth = true): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  target.scrollIntoView({ behavior: behaviour(smooth), block: "start" });
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  if (window.location.hash !== `#${id}`) window.history.replaceState(window.history.state, "", `#${id}`);
  return true;
}

/** A new page starts at its top at once: no glide from wherever the previous one was. */
export function jumpToTop(): void {
  window.scrollTo({ top: 0, left: 0, behavior: "instant" });
}
