// An image added from the computer, a phone's gallery or its camera is checked before anything
// is stored, with the limits of `contenu check` (images/image_check.py, exported into the
// generated model): a published type, recognised by its content, under the size limit, under
// the pixel limit (its dimensions decoded by the browser), and not animated. A photo the
// pipeline would refuse is refused here, in the same words, while the coach still holds it.
import model from "../generated/content-model.gen.json" with { type: "json" };
import { t } from "../texts.ts";

const TYPES: Readonly<Record<string, string>> = model.imageTypes;
const { imageBytes, svgBytes, imagePixels } = model.limits;

/** « .jpg, .jpeg, .png, .webp, .avif ou .svg », as `contenu check` lists them. */
const SUFFIXES_TEXT = (() => {
  const all = Object.keys(TYPES);
  return `${all.slice(0, -1).join(", ")} ou ${all[all.length - 1]}`;
})();

/** The width and height of an image as the browser decodes it (rejects when it cannot). */
export type Decode = (file: Blob) => Promise<{ width: number; height: number }>;

/** The browser's decoding: an <img> of the file, its natural size once loaded. */
export const decodeInBrowser: Decode = (file) =>
  new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("undecodable"));
    };
    image.src = url;
  });

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The type the bytes are (by their signature), or null: what Pillow would recognise. */
export function sniffType(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  if (ascii(bytes, 4, 4) === "ftyp" && brands(bytes).some((b) => b === "avif" || b === "avis")) return "image/avif";
  return null;
}

function brands(bytes: Uint8Array): string[] {
  const size = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  const found = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= Math.min(size, bytes.length); at += 4) found.push(ascii(bytes, at, 4));
  return found;
}

/** Whether the image holds several frames, read from its header as Pillow does (APNG's acTL
 * chunk, WebP's animation flag, an AVIF image sequence). */
export function isAnimated(bytes: Uint8Array, type: string): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === "image/png") {
    for (let at = 8; at + 8 <= bytes.length; ) {
      const chunk = ascii(bytes, at + 4, 4);
      if (chunk === "acTL") return true;
      if (chunk === "IDAT") return false;
      at += 12 + view.getUint32(at);
    }
    return false;
  }
  if (type === "image/webp") return ascii(bytes, 12, 4) === "VP8X" && ((bytes[20] ?? 0) & 0x02) !== 0;
  if (type === "image/avif") return brands(bytes).includes("avis");
  return false;
}

const megabytes = (size: number) => `${(size / 1_000_000).toFixed(1).replace(".", ",")} Mo`;
const millions = (pixels: number) => (pixels / 1_000_000).toFixed(1).replace(".", ",");

export type Checked = { ok: true; suffix: string } | { ok: false; problem: string };

/** The file's extension as published (from its name, else from its type: a camera's photo
 * may come without one), or the French reason `contenu check` would refuse it. */
export async function checkImage(file: File, decode: Decode = decodeInBrowser): Promise<Checked> {
  const dot = file.name.lastIndexOf(".");
  const named = dot > 0 ? file.name.slice(dot).toLowerCase() : "";
  const suffix = named || (Object.entries(TYPES).find(([, type]) => type === file.type)?.[0] ?? "");
  const refuse = (problem: string): Checked => ({ ok: false, problem });
  if (!(suffix in TYPES)) {
    return refuse(t("imageType", { suffix: named || file.type || file.name, suffixes: SUFFIXES_TEXT }));
  }
  const limit = suffix === ".svg" ? svgBytes : imageBytes;
  if (file.size > limit) return refuse(t("imageHeavy", { size: megabytes(file.size), limit: megabytes(limit) }));
  const bytes = new Uint8Array(await file.arrayBuffer());
  let published = suffix;
  if (suffix !== ".svg") {
    const type = sniffType(bytes);
    if (!type) return refuse(t("imageNotType", { suffix, format: TYPES[suffix]!.slice(6).toUpperCase() }));
    if (isAnimated(bytes, type)) return refuse(t("imageAnimated"));
    // A PNG named « .jpg » (a phone's export, a renamed file): named after what it is.
    if (TYPES[suffix] !== type) published = Object.keys(TYPES).find((s) => TYPES[s] === type)!;
  }
  let size: { width: number; height: number };
  try {
    size = await decode(file);
  } catch {
    return refuse(t("imageUnreadable"));
  }
  if (suffix !== ".svg" && size.width * size.height > imagePixels) {
    return refuse(
      t("imageLarge", {
        width: size.width,
        height: size.height,
        millions: millions(size.width * size.height),
        limit: imagePixels / 1_000_000,
      }),
    );
  }
  return { ok: true, suffix: published };
}
