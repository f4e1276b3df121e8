import type { ReactNode } from "react";
import { consentStore } from "../behaviours/consent-store";
import { settings } from "../site";
import { ConsentBanner } from "./ConsentBanner";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { ScrollToTop } from "./ScrollToTop";
import "./Layout.css";

export const MAIN_ID = "contenu";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {settings.interface.header.skipLink}
      </a>
      <Header />
      <main id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
      <Footer onManageCookies={consentStore.reopen} />
      <ConsentBanner />
      <ScrollToTop />
    </>
  );
}
