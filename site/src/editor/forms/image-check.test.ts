import fc from "fast-check";
import { describe, expect, it } from "vitest";
import model from "../generated/content-model.gen.json" with { type: "json" };
import { checkImage, isAnimated, sniffType, type Decode } from "./image-check.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const chunk = (type: string, length = 0) => [...u32(length), ...bytes(type), ...new Array(length + 4).fill(0)];

const PNG = bytes("\x89PNG\r\n\x1a\n", chunk("IHDR", 13), chunk("IDAT", 2), chunk("IEND"));
const APNG = bytes("\x89PNG\r\n\x1a\n", chunk("IHDR", 13), chunk("acTL", 8), chunk("IDAT", 2), chunk("IEND"));
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], new Array(20).fill(0));
const webp = (flags: number) => bytes("RIFF", [0, 0, 0, 0], "WEBPVP8X", [10, 0, 0, 0, flags], new Array(9).fill(0));
const avif = (brand: string) => bytes(u32(24), "ftyp", brand, [0, 0, 0, 0], "mif1", "miaf");
const HEIC = bytes(u32(24), "ftypheic", [0, 0, 0, 0], "mif1", "heic");

const file = (data: Uint8Array, name: string, type = "") => new File([data as BlobPart], name, { type });
const sized = (width: number, height: number): Decode => () => Promise.resolve({ width, height });
const broken: Decode = () => Promise.reject(new Error("undecodable"));

describe("an image's type, read from its bytes", () => {
  it("is the type of its signature, whatever its name", () => {
    expect([PNG, APNG, JPEG, webp(0), avif("avif"), avif("avis")].map(sniffType)).toEqual([
      "image/png", "image/png", "image/jpeg", "image/webp", "image/avif", "image/avif",
    ]);
    expect(sniffType(HEIC)).toBeNull();
    expect(sniffType(bytes("<html>"))).toBeNull();
  });
  it("says whether it is animated, as the pipeline reads the header", () => {
    expect(isAnimated(APNG, "image/png")).toBe(true);
    expect(isAnimated(PNG, "image/png")).toBe(false);
    expect(isAnimated(webp(0x02), "image/webp")).toBe(true);
    expect(isAnimated(webp(0x10), "image/webp")).toBe(false);
    expect(isAnimated(avif("avis"), "image/avif")).toBe(true);
    expect(isAnimated(avif("avif"), "image/avif")).toBe(false);
  });
  it("never throws on any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (data) => {
        const type = sniffType(data);
        if (type) isAnimated(data, type);
      }),
    );
  });
});

describe("an image from a phone or a computer, before it is stored", () => {
  const limits = model.limits;
  it("is accepted under the pipeline's limits, named after what it is", async () => {
    expect(await checkImage(file(JPEG, "IMG_2041.JPG"), sized(4032, 3024))).toEqual({ ok: true, suffix: ".jpg" });
    // A camera's photo without an extension, and a PNG named .jpg.
    expect(await checkImage(file(JPEG, "image", "image/jpeg"), sized(10, 10))).toEqual({ ok: true, suffix: ".jpg" });
    expect(await checkImage(file(PNG, "capture.jpg"), sized(10, 10))).toEqual({ ok: true, suffix: ".png" });
  });
  it("is refused above the pixel limit, with its dimensions", async () => {
    const side = Math.ceil(Math.sqrt(limits.imagePixels)) + 1;
    const checked = await checkImage(file(PNG, "panorama.png"), sized(side, side));
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.problem).toMatch(/^image trop grande \(\d+ × \d+ pixels, soit 40,\d millions\)\u00a0: 40 millions de pixels au maximum/);
  });
  it("is refused above the size limit, before its bytes are read", async () => {
    const heavy = file(JPEG, "photo.jpg");
    Object.defineProperty(heavy, "size", { value: limits.imageBytes + 1 });
    Object.defineProperty(heavy, "arrayBuffer", { value: () => Promise.reject(new Error("read")) });
    const checked = await checkImage(heavy, sized(10, 10));
    expect(!checked.ok && checked.problem).toMatch(/^fichier trop lourd \(20,0 Mo\)\u00a0: 20,0 Mo au maximum/);
  });
  it("is refused when its type is not published, animated or unreadable", async () => {
    const problem = async (f: File, decode: Decode = sized(10, 10)) => {
      const checked = await checkImage(f, decode);
      return checked.ok ? "" : checked.problem;
    };
    expect(await problem(file(HEIC, "IMG_2042.HEIC", "image/heic"))).toMatch(/^type de fichier refusé «\s\.heic\s»/);
    expect(await problem(file(HEIC, "photo.jpg"))).toMatch(/^ce fichier n’est pas une image JPEG lisible/);
    expect(await problem(file(APNG, "anime.png"))).toMatch(/^image animée\u00a0: le site ne publie que des images fixes/);
    expect(await problem(file(JPEG, "abimee.jpg"), broken)).toMatch(/^l’image est illisible/);
  });
});
