import { render, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { site } from "../site";
import { realBundle } from "../test/render";
import HelmetHead from "./HelmetHead";

const jsonLdScripts = () => [...document.querySelectorAll('script[type="application/ld+json"]')];

describe("HelmetHead", () => {
  it("replaces the prerendered JSON-LD with the business's and the current page's, once", async () => {
    const stale = document.createElement("script");
    stale.type = "application/ld+json";
    stale.setAttribute("data-prerendered", "");
    stale.textContent = '{"@type":"WebSite"}';
    document.head.append(stale);
    const { head } = await realBundle("/contact");
    render(<HelmetHead head={head} notFound={false} />);
    await waitFor(() => expect(jsonLdScripts()).toHaveLength(2));
    expect(jsonLdScripts().map((script) => script.textContent)).toEqual([site.jsonLd, head.jsonLd]);
    expect(jsonLdScripts()[0]?.parentElement).toBe(document.head);
  });

  it("swaps the JSON-LD when the page changes, and drops all of it on the 404 page", async () => {
    const contact = (await realBundle("/contact")).head;
    const home = (await realBundle("/")).head;
    const notFound = (await realBundle("/nulle-part")).head;
    const view = render(<HelmetHead head={contact} notFound={false} />);
    view.rerender(<HelmetHead head={home} notFound={false} />);
    expect(jsonLdScripts().map((script) => script.textContent)).toEqual([site.jsonLd, home.jsonLd]);
    view.rerender(<HelmetHead head={notFound} notFound />);
    expect(jsonLdScripts()).toHaveLength(0);
  });
});
