import { render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ImageInfo } from "../types";
import { RouteImages, ResponsiveImage, srcSetOf } from "./ResponsiveImage";
import { realBundle } from "../test/render";

const variant = (width: number, type: string) => ({
  path: `/img/photo-${width}.abc.${type === "image/avif" ? "avif" : "webp"}`,
  width,
  height: width,
  type,
});

const images: Record<string, ImageInfo> = {
  "/images/photo.jpg": {
    width: 1200,
    height: 1200,
    type: "image/jpeg",
    variants: [variant(960, "image/webp"), variant(480, "image/avif"), variant(480, "image/webp"), variant(960, "image/avif")],
  },
  "/images/logo.svg": { width: 400, height: 300, type: "image/svg+xml", variants: [] },
};

describe("ResponsiveImage", () => {
  it("keeps the content's focus point in view where the stylesheet crops the image", () => {
    const { container } = render(<ResponsiveImage src="/images/photo.jpg" alt="Claire" sizes="50vw" focus="50% 20%" images={images} />);
    expect(container.querySelector("img")?.style.objectPosition).toBe("50% 20%");
    const centred = render(<ResponsiveImage src="/images/logo.svg" alt="Logo" sizes="50vw" images={images} />);
    expect(centred.container.querySelector("img")?.getAttribute("style")).toBeNull();
  });

  it("offers AVIF then WebP with srcset and sizes, the <img> keeping the original's size", () => {
    const { container } = render(<ResponsiveImage src="/images/photo.jpg" alt="Claire" sizes="50vw" images={images} />);
    const sources = [...container.querySelectorAll("picture > source")];
    expect(sources.map((source) => source.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.getAttribute("srcset")).toBe("/img/photo-480.abc.avif 480w, /img/photo-960.abc.avif 960w");
    expect(sources[1]?.getAttribute("srcset")).toBe("/img/photo-480.abc.webp 480w, /img/photo-960.abc.webp 960w");
    expect(sources.every((source) => source.getAttribute("sizes") === "50vw")).toBe(true);
    const img = container.querySelector("picture > img");
    expect(img).toHaveAttribute("src", "/images/photo.jpg");
    expect(img).toHaveAttribute("alt", "Claire");
    expect(img).toHaveAttribute("width", "1200");
    expect(img).toHaveAttribute("height", "1200");
  });

  it("loads below-the-fold images lazily and asynchronously", () => {
    const { container } = render(<ResponsiveImage src="/images/photo.jpg" alt="" sizes="50vw" images={images} />);
    const img = container.querySelector("img");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("decoding", "async");
    expect(img).not.toHaveAttribute("fetchpriority");
  });

  it("fetches a priority image at once and preloads its AVIF set", () => {
    const html = renderToString(<ResponsiveImage src="/images/photo.jpg" alt="" sizes="50vw" priority images={images} />);
    expect(html).toMatch(/^<link rel="preload"[^>]*as="image"/);
    expect(html).toContain('imageSrcSet="/img/photo-480.abc.avif 480w, /img/photo-960.abc.avif 960w"');
    expect(html).toContain('imageSizes="50vw"');
    expect(html).toContain('fetchPriority="high"');
    const img = /<img [^>]*>/.exec(html)?.[0] ?? "";
    expect(img).not.toContain('loading="lazy"');
    expect(img).toContain('fetchPriority="high"');
  });

  it("keeps an SVG (no variants) a plain <img> with its manifest size", () => {
    const { container } = render(<ResponsiveImage src="/images/logo.svg" alt="Logo" sizes="50vw" images={images} />);
    expect(container.querySelector("picture")).toBeNull();
    const img = container.querySelector("img");
    expect(img).toHaveAttribute("width", "400");
    expect(img).toHaveAttribute("height", "300");
  });

  it("sizes the images a route shows from its own data file (team photos on /)", async () => {
    const { images: shown } = await realBundle("/");
    const photo = Object.keys(shown).find((src) => src.includes("/equipe/"));
    expect(photo).toBeDefined();
    const { container } = render(
      <RouteImages value={shown}>
        <ResponsiveImage src={photo!} alt="" sizes="20rem" />
      </RouteImages>,
    );
    const img = container.querySelector("img");
    expect(img).toHaveAttribute("width", String(shown[photo!]!.width));
    expect(img).toHaveAttribute("height", String(shown[photo!]!.height));
    expect(srcSetOf(undefined, "image/avif")).toBe("");
  });
});
