import { Suspense, use, type ReactNode } from "react";
import { consentStore } from "../behaviours/consent-store";
import { settings } from "../site";
import { loadConsentBanner } from "./consent-banner-loader";
import { Footer } from "./Footer";
import { frame } from "./frame";
import { Header } from "./Header";
import { ScrollToTop } from "./ScrollToTop";
import "./Layout.css";

export const MAIN_ID = "contenu";

/** The consent banner, prerendered into every page when a pixel id is configured (see
 * ConsentBanner: drawn with the first paint for a first visit, never for a returning one). */
function ConsentBannerSlot() {
  const ConsentBanner = use(loadConsentBanner());
  // A module's default export, loaded once, not a component created while rendering.
  // eslint-disable-next-line react-hooks/static-components
  return <ConsentBanner />;
}

export function Layout({ children }: { children: ReactNode }) {
  const pixelId = settings.providers.metaPixel.id;
  // Without its frame (the prerender, frame.ts), the same six children with the frame's left
  // empty: <main> keeps its place, so the ids React derives from it (useId) do not change.
  const drawn = frame.drawn;
  return (
    <>
      {/* First in the document: until the visitor chooses, Tab reaches the choices first. */}
      {drawn && pixelId ? (
        <Suspense fallback={null}>
          <ConsentBannerSlot />
        </Suspense>
      ) : null}
      {drawn ? (
        <a className="skip-link" href={`#${MAIN_ID}`}>
          {settings.interface.header.skipLink}
        </a>
      ) : null}
      {drawn ? <Header /> : null}
      <main id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
      {drawn ? <Footer onManageCookies={consentStore.reopen} /> : null}
      {drawn ? <ScrollToTop /> : null}
    </>
  );
}
