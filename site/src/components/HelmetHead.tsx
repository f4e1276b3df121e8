import { useLayoutEffect } from "react";
import { Helmet, HelmetProvider } from "react-helmet-async";
import { PRERENDERED_ATTRIBUTE, headData } from "../head";
import { site } from "../site";
import type { RouteHead } from "../types";

/** The head tags of the current route through react-helmet-async (same data as the
 * prerendered <head>, which it removes once its own tags are in). Loaded lazily by Head. */
export default function HelmetHead({ head, notFound }: { head: RouteHead; notFound: boolean }) {
  const data = headData(head, notFound ? null : site.jsonLd);
  const jsonLd = data.jsonLd.join("\n");
  useLayoutEffect(() => {
    document.head.querySelectorAll(`[${PRERENDERED_ATTRIBUTE}]`).forEach((tag) => tag.remove());
  }, []);
  // Helmet would leave a <script> where it stands (React 19 hoists only title, meta and
  // link): the page's JSON-LD goes to <head> here, replaced on every navigation.
  useLayoutEffect(() => {
    const scripts = jsonLd.split("\n").filter(Boolean).map((text) => {
      const script = document.createElement("script");
      script.type = "application/ld+json";
      script.textContent = text;
      document.head.append(script);
      return script;
    });
    return () => scripts.forEach((script) => script.remove());
  }, [jsonLd]);
  return (
    <HelmetProvider>
      <Helmet title={data.title} meta={data.meta} link={data.link} />
    </HelmetProvider>
  );
}
