import { render, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { realBundle } from "../test/render";
import HelmetHead from "./HelmetHead";

const jsonLdScripts = () => [...document.querySelectorAll('script[type="application/ld+json"]')];

describe("HelmetHead", () => {
  it("replaces the prerendered JSON-LD with the current page's, once per page", async () => {
    const stale = document.createElement("script");
    stale.type = "application/ld+json";
    stale.setAttribute("data-prerendered", "");
    stale.textContent = '{"@type":"WebSite"}';
    document.head.append(stale);
    const { head } = await realBundle("/contact");
    render(<HelmetHead head={head} />);
    await waitFor(() => expect(jsonLdScripts()).toHaveLength(1));
    expect(jsonLdScripts()[0]?.textContent).toBe(head.jsonLd);
    expect(jsonLdScripts()[0]?.parentElement).toBe(document.head);
  });

  it("swaps the JSON-LD when the page changes, and drops it on a page without", async () => {
    const contact = (await realBundle("/contact")).head;
    const home = (await realBundle("/")).head;
    const view = render(<HelmetHead head={contact} />);
    view.rerender(<HelmetHead head={home} />);
    expect(jsonLdScripts().map((script) => script.textContent)).toEqual([home.jsonLd]);
    view.rerender(<HelmetHead head={{ ...home, jsonLd: null }} />);
    expect(jsonLdScripts()).toHaveLength(0);
  });
});
