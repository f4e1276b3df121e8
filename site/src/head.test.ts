import { describe, expect, it } from "vitest";
import { PRERENDERED_ATTRIBUTE, headData, headHtml } from "./head";
import { site } from "./site";
import { realBundle } from "./test/render";

describe("head tags", () => {
  it("carry the title, description, robots, Open Graph, Twitter card and canonical of the bundle", async () => {
    const { head } = await realBundle("/contact");
    const html = headHtml(head, site.jsonLd);
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
    // The business (every page) then the page's own nodes (FAQPage on /contact).
    const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')];
    expect(jsonLd.every((script) => script.hasAttribute(PRERENDERED_ATTRIBUTE))).toBe(true);
    expect(jsonLd.map((script) => JSON.parse(script.textContent ?? ""))).toEqual([JSON.parse(site.jsonLd), JSON.parse(head.jsonLd ?? "")]);
    expect(doc.querySelectorAll(`[${PRERENDERED_ATTRIBUTE}]`)).toHaveLength(headData(head, site.jsonLd).meta.length + 4);
  });

  it("link a listing page to its previous and next pages", async () => {
    const { head } = await realBundle("/blog");
    const page2 = { ...head, prev: "https://example.org/blog", next: "https://example.org/blog/page/3" };
    const doc = new DOMParser().parseFromString(`<head>${headHtml(page2, null)}</head>`, "text/html");
    expect(doc.querySelector('link[rel="prev"]')?.getAttribute("href")).toBe(page2.prev);
    expect(doc.querySelector('link[rel="next"]')?.getAttribute("href")).toBe(page2.next);
    expect(headHtml(head, null)).not.toMatch(/rel="(prev|next)"/);
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
      prev: null,
      next: null,
    }, null);
    expect(html).toContain('<script type="application/ld+json" data-prerendered>{"name":"A \\u003c/script> B"}</script>');
    expect(html).toContain("<title data-prerendered>A &lt; B &amp; « C »</title>");
    expect(html).toContain('content="Il a dit &quot;oui&quot;"');
    expect(html).not.toContain('name="keywords"');
  });

  it("leave out every JSON-LD script on the 404 page", () => {
    const html = headHtml({
      title: "404",
      description: "d",
      keywords: null,
      robots: "noindex, nofollow",
      ogType: "website",
      ogImage: "https://example.org/i.png",
      canonical: "https://example.org/404",
      jsonLd: null,
      prev: null,
      next: null,
    }, null);
    expect(html).not.toContain("<script");
  });
});
