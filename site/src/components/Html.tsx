import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router-dom";
import { BASE_PATH, stripBase } from "../lib/base-path";
import { prefixRootRelative } from "../lib/html";

/** Sanitised HTML from the pipeline (prose, entry bodies). Root-relative links and images
 * get the base path; a click on a link to a page of the site navigates client-side. */
export function Html({ html, className, as: Tag = "div" }: { html: string; className?: string; as?: "div" | "blockquote" }) {
  const navigate = useNavigate();
  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element).closest?.("a");
      if (!anchor || anchor.target || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || !url.pathname.startsWith(BASE_PATH)) return;
      if (url.pathname === window.location.pathname && url.hash) return; // same-page anchor: let the browser scroll
      event.preventDefault();
      navigate(`${stripBase(url.pathname)}${url.search}${url.hash}`);
    },
    [navigate],
  );
  return <Tag className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: prefixRootRelative(html) }} />;
}
