// The whole page drawn from the document, in a frame of the given width: the site's own route
// component (ArticleRoute, PageRoute) rendered by the carnet into a same-origin blank frame,
// with the carnet's stylesheets (the site's, which the carnet loads) mirrored into it, so
// that the page's own media queries see the frame's width. Nothing is fetched from the
// published site: a new article, which has no page yet, is shown as it will be.
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { MemoryRouter } from "react-router-dom";
import { Cells } from "../../components/Cells.tsx";
import { RouteImages } from "../../components/ResponsiveImage.tsx";
import { ArticleRoute } from "../../routes/article/ArticleRoute.tsx";
import type { RouteBundle } from "../../types.ts";

/** Keeps the frame's head in step with the carnet's stylesheets (a cell's CSS arrives with
 * its code) and its root with the brand colours set on the carnet's root. */
function mirrorStyles(target: Document): () => void {
  const copy = () => {
    const wanted = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href);
    const present = new Set([...target.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href));
    for (const href of wanted) {
      if (present.has(href)) continue;
      const link = target.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      target.head.append(link);
    }
    // Through the CSSOM: a style attribute would be inline CSS, which the policy refuses.
    const from = document.documentElement.style;
    for (let i = 0; i < from.length; i++) {
      const name = from.item(i);
      target.documentElement.style.setProperty(name, from.getPropertyValue(name));
    }
  };
  copy();
  const observer = new MutationObserver(copy);
  observer.observe(document.head, { childList: true });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["style"] });
  return () => observer.disconnect();
}

export function DraftFrame({ bundle, width, title }: { bundle: RouteBundle; width: number; title: string }) {
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const body = frame?.contentDocument?.body ?? null;
  useEffect(() => (frame?.contentDocument ? mirrorStyles(frame.contentDocument) : undefined), [frame]);
  const page =
    bundle.kind === "article" ? <ArticleRoute bundle={bundle} /> : <Cells cells={bundle.cells} />;
  return (
    <>
      <iframe ref={setFrame} width={width} height={800} title={title} sandbox="allow-same-origin" />
      {body &&
        createPortal(
          <MemoryRouter>
            <RouteImages value={bundle.images ?? {}}>
              {/* A preview, not a page: its links and buttons do not navigate away. */}
              <main id="contenu" inert onClickCapture={(event) => event.preventDefault()}>
                {page}
              </main>
            </RouteImages>
          </MemoryRouter>,
          body,
        )}
    </>
  );
}
