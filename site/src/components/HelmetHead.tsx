import { useLayoutEffect } from "react";
import { Helmet, HelmetProvider } from "react-helmet-async";
import { PRERENDERED_ATTRIBUTE, headData } from "../head";
import type { RouteHead } from "../types";

/** The head tags of the current route through react-helmet-async (same data as the
 * prerendered <head>, which it removes once its own tags are in). Loaded lazily by Head. */
export default function HelmetHead({ head }: { head: RouteHead }) {
  const data = headData(head);
  useLayoutEffect(() => {
    document.head.querySelectorAll(`[${PRERENDERED_ATTRIBUTE}]`).forEach((tag) => tag.remove());
  }, []);
  return (
    <HelmetProvider>
      <Helmet
        title={data.title}
        meta={data.meta}
        link={data.link}
        script={data.jsonLd ? [{ type: "application/ld+json", innerHTML: data.jsonLd }] : []}
      />
    </HelmetProvider>
  );
}
