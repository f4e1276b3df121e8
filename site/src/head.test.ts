import { describe, expect, it } from "vitest";
import { PRERENDERED_ATTRIBUTE, headData, headHtml } from "./head";
import { realBundle } from "./test/render";

describe("head tags", () => {
  it("carry the title, description, robots, Open Graph, Twitter card and canonical of the bundle", async () => {
    const { head } = await realBundle("/ressource");
    const html = headHtml(head);
    const doc = new DOMParser().parseFromString(`<head>${html}</head>`, "text/html");
    const meta = (selector: string) => doc.querySelector(`meta[${selector}]`)?.getAttribute("content");
    expect(doc.title).toBe(head.title);
    expect(meta('name="description"')).toBe(head.description);
    expect(meta('name="keywords"')).toBe(head.keywords?.join(", "));
    expect(meta('name="robots"')).toBe(head.robots);
    expect(meta('property="og:title"')).toBe(head.title);
    expect(meta('property="og:image"')).toBe(head.ogImage);
    expect(meta('property="og:url"')).toBe(head.canonical);
    expect(meta('property="og:type"')).toBe(head.ogType);
    expect(meta('name="twitter:card"')).toBe("summary_large_image");
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(head.canonical);
    const jsonLd = doc.querySelector('script[type="application/ld+json"]');
    expect(jsonLd?.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(true);
    expect(JSON.parse(jsonLd?.textContent ?? "")).toEqual(JSON.parse(head.jsonLd ?? "null"));
    expect(doc.querySelectorAll(`[${PRERENDERED_ATTRIBUTE}]`)).toHaveLength(headData(head).meta.length + 3);
  });

  it("escape what could close an attribute or a tag", () => {
    const html = headHtml({
      title: "A < B & « C »",
      description: 'Il a dit "oui"',
      keywords: null,
      robots: "index, follow",
      ogType: "website",
      ogImage: "https://example.org/i.png",
      canonical: "https://example.org/",
      jsonLd: '{"name":"A \\u003c/script> B"}',
    });
    expect(html).toContain('<script type="application/ld+json" data-prerendered>{"name":"A \\u003c/script> B"}</script>');
    expect(html).toContain("<title data-prerendered>A &lt; B &amp; « C »</title>");
    expect(html).toContain('content="Il a dit &quot;oui&quot;"');
    expect(html).not.toContain('name="keywords"');
  });

  it("leave out the JSON-LD script when the page has none (404)", () => {
    const html = headHtml({
      title: "404",
      description: "d",
      keywords: null,
      robots: "noindex, nofollow",
      ogType: "website",
      ogImage: "https://example.org/i.png",
      canonical: "https://example.org/404",
      jsonLd: null,
    });
    expect(html).not.toContain("<script");
  });
});
