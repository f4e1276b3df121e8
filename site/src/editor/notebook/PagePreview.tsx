// The whole page as the preview server shows it (saved version, refreshed in place after
// each save by the site's live preview), at a phone's and a computer's width; sandboxed so
// that nothing of the page can reach the carnet (preview/site-frame.ts). Where the site's
// data lags behind the text (the published carnet: a new article has no page yet), the page
// is drawn from the document instead (`draft`), by the carnet's own code.
import { useId, useState } from "react";
import { DraftFrame } from "../preview/DraftFrame.tsx";
import { frameSandbox, pageAddress } from "../preview/site-frame.ts";
import { t } from "../texts.ts";
import type { RouteBundle } from "../../types.ts";

const WIDTHS = [
  { width: 375, label: "pagePreviewPhone" },
  { width: 1280, label: "pagePreviewWide" },
] as const;

export function PagePreview({ route, draft }: { route: string; draft?: (() => RouteBundle) | null }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const src = pageAddress(route);
  return (
    <>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? t("closePagePreview") : t("pagePreview")}
      </button>
      {open && (
        <div id={id} className="carnet-pages" role="region" aria-label={t("pagePreview")}>
          {WIDTHS.map(({ width, label }) => (
            <figure key={width} className={`carnet-pages__frame carnet-pages__frame--${width}`}>
              <figcaption>{t(label)}</figcaption>
              {draft ? (
                <DraftFrame bundle={draft()} width={width} title={`${t("pagePreview")} – ${t(label)}`} />
              ) : (
                <iframe
                  src={src}
                  sandbox={frameSandbox(src)}
                  width={width}
                  height={800}
                  title={`${t("pagePreview")} – ${t(label)}`}
                />
              )}
            </figure>
          ))}
        </div>
      )}
    </>
  );
}
