// Which paths of content/ the carnet may open or write: the local API's rules (the places the
// pipeline reads, from the generated model), in one module both sides import: the dev
// server (scripts/editor-api.ts) refuses a request with them, and the browser refuses to
// open (#fichier=…) or to propose a file with the same French words. Imports only data and
// server-texts.ts, so the Node side loads nothing of the interface.
import model from "./generated/content-model.gen.json" with { type: "json" };
import { REFUSALS, fill, type Refusal } from "./server-texts.ts";

const MARKDOWN_FOLDERS = new Set(model.markdownFolders);
const SINGLE_FILES = new Set(model.singleFiles);
const IMAGE_SUFFIXES = new Set(model.imageSuffixes);

/** A refusal of the local API: its HTTP status and its French message. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly reason: Refusal,
    values: Record<string, string | number> = {},
  ) {
    super(fill(REFUSALS[reason], values));
  }
}

/** Control, line-separator and bidirectional characters: never in a path. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

/** The kind of a path relative to content/, or the French reason it is refused (Refused). */
export function checkPath(rel: string): "markdown" | "image" {
  if (!rel) throw new Refused(400, "empty");
  if (rel.startsWith("/") || rel.includes("\\") || /^[a-zA-Z]:/.test(rel)) throw new Refused(400, "absolute", { path: rel });
  if (UNSAFE.test(rel)) throw new Refused(400, "unsafe", { path: rel });
  const parts = rel.split("/");
  if (parts.some((part) => part === "" || part.startsWith("."))) throw new Refused(400, "dots", { path: rel });
  const last = parts[parts.length - 1] as string;
  if (parts[0] === model.imagesFolder && parts.length > 1) {
    const suffix = last.includes(".") ? last.slice(last.lastIndexOf(".")) : "";
    if (IMAGE_SUFFIXES.has(suffix)) return "image";
    throw new Refused(400, "place", { path: rel, hint: fill(REFUSALS.hintImage, { suffixes: model.imageSuffixes.join(", ") }) });
  }
  if (SINGLE_FILES.has(rel)) return "markdown";
  if (parts.length === 2 && MARKDOWN_FOLDERS.has(parts[0] as string) && last.endsWith(".md") && last.length > 3) return "markdown";
  const folders = [...MARKDOWN_FOLDERS].join(", ");
  throw new Refused(400, "place", { path: rel, hint: fill(REFUSALS.hintMarkdown, { folders }) });
}

/** Why the carnet may not open or propose `rel` (French), or null when it may. */
export function pathProblem(rel: string): string | null {
  try {
    checkPath(rel);
    return null;
  } catch (error) {
    return error instanceof Refused ? error.message : String(error);
  }
}
