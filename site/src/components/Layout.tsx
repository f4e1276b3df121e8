import { lazy, Suspense, type ReactNode } from "react";
import { consentStore } from "../behaviours/consent-store";
import { settings } from "../site";
import { useHydrated } from "../lib/hydrated";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { ScrollToTop } from "./ScrollToTop";
import "./Layout.css";

export const MAIN_ID = "contenu";

// The banner is never part of the prerendered HTML (no choice is known there): it and the
// pixel code load after hydration, and only when a pixel id is configured.
const ConsentBanner = lazy(() => import("./ConsentBanner"));

export function Layout({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const pixelId = settings.providers.metaPixel.id;
  return (
    <>
      {/* First in the document: until the visitor chooses, Tab reaches the choices first. */}
      {hydrated && pixelId ? (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      ) : null}
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {settings.interface.header.skipLink}
      </a>
      <Header />
      <main id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
      <Footer onManageCookies={consentStore.reopen} />
      <ScrollToTop />
    </>
  );
}
