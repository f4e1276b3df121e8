// The carnet's HTML sanitiser: the build's allow-list (nh3 in tools/contenu/render/markdown.py,
// exported by `contenu schema` into content-model.gen.json), applied by the browser to every
// piece of HTML a preview draws, whatever it came from (the build's data, the local renderer,
// the carnet's own text preview, a cell typed in the form). The build's output passes
// unchanged; anything else is cut down to what the build would have kept, written as nh3
// writes it. tests/e2e/test_carnet_sanitiser.py holds it to nh3 in
// Chromium, over content/ and hostile HTML.
import model from "../generated/content-model.gen.json" with { type: "json" };

export interface AllowList {
  tags: readonly string[];
  attributes: Readonly<Record<string, readonly string[]>>;
  genericAttributes: readonly string[];
  cleanContentTags: readonly string[];
  urlSchemes: readonly string[];
  styleProperties: readonly string[];
  externalRel: string;
}

export const ALLOW_LIST: AllowList = model.sanitiser;

const HTML_NS = "http://www.w3.org/1999/xhtml";
const ELEMENT = 1;
const TEXT = 3;
/** The attributes nh3 checks as URLs, on the tags of the allow-list. */
const URL_ATTRIBUTES = new Set(["href", "src"]);
/** A declaration's value the carnet keeps: one keyword (`center`), nothing a parser could
 * read as a URL, an escape or a second declaration. */
const PLAIN_VALUE = /^[a-z-]+$/i;

/** Whether a URL may stay: one with a scheme (as the URL parser reads it: spaces and
 * controls around it and tabs or newlines in it ignored) must parse and have a scheme of
 * the list; a relative one stays (nh3: `url_relative` passes through). */
function urlAllowed(value: string, schemes: ReadonlySet<string>): boolean {
  // eslint-disable-next-line no-control-regex -- the characters the URL parser ignores
  const read = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(read)) return true;
  try {
    return schemes.has(new URL(read).protocol.slice(0, -1));
  } catch {
    return false; // « http:// » and the like: nh3 drops a URL it cannot parse
  }
}

/** `text-align:center` declarations only (nh3 keeps the allowed properties, case as written). */
function filterStyle(value: string, properties: ReadonlySet<string>): string {
  const kept: string[] = [];
  for (const declaration of value.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    const given = declaration.slice(colon + 1).trim();
    if (properties.has(name) && PLAIN_VALUE.test(given)) kept.push(`${name}:${given}`);
  }
  return kept.join(";");
}

// html5ever's escaping (nh3's output): text, and attribute values in double quotes.
const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "\u00a0": "&nbsp;", "<": "&lt;", ">": "&gt;" };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': "&quot;" };
const escapeText = (text: string) => text.replace(/[&\u00a0<>]/g, (c) => TEXT_ESCAPES[c]!);
const escapeAttribute = (text: string) => text.replace(/[&\u00a0<>"]/g, (c) => ATTRIBUTE_ESCAPES[c]!);
/** Elements written without an end tag (html5ever's list, those of the allow-list among them). */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

function isExternal(url: string): boolean {
  return /^(?:https?:)?\/\//.test(url); // as the build's _is_external: case as written
}

export function makeSanitiser(list: AllowList = ALLOW_LIST) {
  const tags = new Set(list.tags);
  const cleanContent = new Set(list.cleanContentTags);
  const schemes = new Set(list.urlSchemes);
  const properties = new Set(list.styleProperties);
  const generic = new Set(list.genericAttributes);
  const attributesOf = (tag: string) => new Set([...(list.attributes[tag] ?? []), ...generic]);

  /** The start tag of an allowed element with its allowed attributes, written as
   * html5ever (nh3's serialiser) writes it. */
  const startTag = (element: Element, name: string): string => {
    const allowed = attributesOf(name);
    let tag = `<${name}`;
    let href: string | null = null;
    for (const { name: key, value } of Array.from(element.attributes)) {
      if (!allowed.has(key) || element.getAttributeNode(key)?.namespaceURI) continue;
      if (URL_ATTRIBUTES.has(key) && !urlAllowed(value, schemes)) continue;
      if (name === "a" && key === "href") href = value;
      tag += ` ${key}="${escapeAttribute(key === "style" ? filterStyle(value, properties) : value)}"`;
    }
    // As the build does after nh3: an external link opens nothing the carnet can be reached from.
    if (href !== null && isExternal(href)) tag += ` rel="${escapeAttribute(list.externalRel)}"`;
    return `${tag}>`;
  };

  /** Writes the allowed part of `from`'s children to `out`. */
  const write = (from: Node, out: string[]): void => {
    for (let child = from.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === TEXT) {
        out.push(escapeText(child.nodeValue ?? ""));
      } else if (child.nodeType === ELEMENT) {
        const element = child as Element;
        const name = element.localName;
        const html = element.namespaceURI === HTML_NS;
        // Foreign content (inside <svg> or <math>, which go whole) never stays either.
        if (cleanContent.has(name) || !html) continue;
        if (tags.has(name)) {
          out.push(startTag(element, name));
          write(element, out);
          if (!VOID.has(name)) out.push(`</${name}>`);
        } else {
          write(element, out); // the tag goes, its content stays
        }
      }
      // Comments, processing instructions: dropped.
    }
  };

  /** The HTML with only the allow-list's tags, attributes and URL schemes left. */
  return function sanitise(html: string): string {
    // Parsed in an inert document (no script runs, nothing is fetched), as a fragment in a
    // <div> as nh3 does, then written out as nh3 writes it (the text preview compares
    // strings: tests/pipeline/test_prose_preview.py).
    const source = new DOMParser().parseFromString("<!doctype html><body>", "text/html");
    const holder = source.createElement("div");
    holder.innerHTML = html;
    const out: string[] = [];
    write(holder, out);
    return out.join("");
  };
}

export const sanitiseHtml = makeSanitiser();

/** The fields of each built cell type that hold HTML (`*`: every item of a list). */
const HTML_FIELDS: Readonly<Record<string, readonly (readonly string[])[]>> = model.sanitiser.htmlFields;

function sanitiseAt(value: unknown, path: readonly string[]): unknown {
  if (!path.length) return typeof value === "string" ? sanitiseHtml(value) : "";
  const [step, ...rest] = path as [string, ...string[]];
  if (step === "*") return Array.isArray(value) ? value.map((item) => sanitiseAt(item, rest)) : value;
  if (!value || typeof value !== "object" || Array.isArray(value) || !(step in value)) return value;
  return { ...(value as Record<string, unknown>), [step]: sanitiseAt((value as Record<string, unknown>)[step], rest) };
}

/** A cell with every HTML field of its type passed through the sanitiser. */
export function sanitiseCell<T extends { type: string }>(cell: T): T {
  let out: unknown = cell;
  for (const path of HTML_FIELDS[cell.type] ?? []) out = sanitiseAt(out, path);
  return out as T;
}
