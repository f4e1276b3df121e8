import { settings } from "../site";
import { isInternal } from "./SmartLink";

/** Whether the layout draws the page's frame: everything around <main> (the consent banner,
 * the skip link, the header, the footer). Always on in the browser. The prerender turns it
 * off to render only <main> of a page whose frame it already has (entry-server.tsx): the
 * frame is about half the render of an article, and the same on thousands of them. */
export const frame = { drawn: true };

const trimmed = (path: string) => path.toLowerCase().replace(/\/+$/, "");

/** What the frame shows of the page it is on: the header marks the link to the current page
 * (NavLink's `aria-current` and `active` class); nothing else in the frame reads the location
 * or the page's data. Pages with the same key have the same frame: the page's own path when a
 * header link may be current there (compared as loosely as NavLink could: case and trailing
 * slashes aside), else "". */
export function frameKey(path: string): string {
  const here = trimmed(path);
  const current = settings.navigation.header.some((link) => isInternal(link.href) && trimmed(link.href) === here);
  return current ? path : "";
}
