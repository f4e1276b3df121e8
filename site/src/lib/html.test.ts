import { describe, expect, it } from "vitest";
import { prefixRootRelative } from "./html";
import { stripBase, withBase } from "./base-path";

describe("the base path", () => {
  it("prefixes root-relative links and images of prose, not external or protocol-relative ones", () => {
    const html = '<a href="/contact">c</a><img src="/images/x.jpg" alt=""><a href="https://x.org/">x</a><a href="//cdn.x/">y</a><a href="#top">t</a>';
    expect(prefixRootRelative(html, "/coaching/")).toBe(
      '<a href="/coaching/contact">c</a><img src="/coaching/images/x.jpg" alt=""><a href="https://x.org/">x</a><a href="//cdn.x/">y</a><a href="#top">t</a>',
    );
    expect(prefixRootRelative(html, "/")).toBe(html);
  });

  it("maps site paths to public paths and back", () => {
    expect(withBase("/appel", "/coaching/")).toBe("/coaching/appel");
    expect(withBase("/", "/coaching/")).toBe("/coaching/");
    expect(withBase("mailto:a@b.fr", "/coaching/")).toBe("mailto:a@b.fr");
    expect(stripBase("/coaching/blog/x", "/coaching/")).toBe("/blog/x");
    expect(stripBase("/coaching", "/coaching/")).toBe("/");
  });
});
