import { createContext, use } from "react";
import { preload } from "react-dom";
import { withBase } from "../lib/base-path";
import type { ImageInfo } from "../types";

type Manifest = Readonly<Record<string, ImageInfo>>;

const ImagesContext = createContext<Manifest>({});

/** The sizes and variants of the images the current route shows (its data file's `images`). */
export const RouteImages = ImagesContext.Provider;

// Best compression first: the browser takes the first <source> whose type it supports.
const FORMATS = ["image/avif", "image/webp"] as const;

/** The manifest entry (size, variants) of an image of content/images, if the build made one. */
export function imageInfo(src: string, images: Manifest): ImageInfo | undefined {
  return images[src];
}

/** `srcset` of the variants of one type ("/img/x-480.avif 480w, …"), "" when there are none. */
export function srcSetOf(info: ImageInfo | undefined, type: string): string {
  return (info?.variants ?? [])
    .filter((variant) => variant.type === type)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${withBase(variant.path)} ${variant.width}w`)
    .join(", ");
}

interface Props {
  src: string;
  alt: string;
  /** Displayed width per viewport, for the browser to pick a variant. */
  sizes: string;
  /** Above the fold (hero, article cover): fetched at once and preloaded from <head>. */
  priority?: boolean;
  className?: string;
  /** Point kept in view where the stylesheet crops the image (`object-fit: cover`), as the
   * content's `focus` writes it: "50% 25%". */
  focus?: string | null;
  /** Used only when the manifest does not know the image. */
  width?: number;
  height?: number;
  /** The manifest (tests); the current route's by default. */
  images?: Manifest;
}

/** An image with its intrinsic size (no layout shift) and, when the build made variants,
 * a <picture> offering AVIF then WebP. SVGs (no variants) stay a plain <img>. */
export function ResponsiveImage({ src, alt, sizes, priority = false, className, focus, width, height, images }: Props) {
  const routeImages = use(ImagesContext);
  const info = imageInfo(src, images ?? routeImages);
  const loadingProps = priority ? ({ fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);
  const img = (
    <img
      className={className}
      src={withBase(src)}
      alt={alt}
      width={info?.width ?? width}
      height={info?.height ?? height}
      decoding="async"
      style={focus ? { objectPosition: focus } : undefined}
      {...loadingProps}
    />
  );
  const sources = FORMATS.map((type) => ({ type, srcSet: srcSetOf(info, type) })).filter((source) => source.srcSet);
  const [best] = sources;
  if (!best) return img;
  if (priority) {
    // React does not preload an <img> inside <picture>; the prerender moves this to <head>.
    const widest = best.srcSet.split(", ").at(-1)?.split(" ")[0] ?? withBase(src);
    preload(widest, { as: "image", imageSrcSet: best.srcSet, imageSizes: sizes, type: best.type, fetchPriority: "high" });
  }
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
