/**
 * The validators of the models that JSON Schema cannot express (tools/contenu/models:
 * `check_link`, `_check_image_path`, `check_anchor`, `_check_focus`): their decisions
 * ported, their words taken from the generated catalogue (each made by the validator itself).
 */
import { fill, MESSAGES } from "./messages.ts";

const M = MESSAGES.checks;
const RESERVED = M.reserved;
const QUOTES_AND_MARKUP = "\"'<>\\`";
const TEL = /^tel:\+?[0-9][0-9.()-]*$/;
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const IMAGE = /^\/images\/[A-Za-z0-9._/-]+\.(jpe?g|png|webp|avif|svg)$/;
const FOCUS = /^(\d{1,3}) ?% +(\d{1,3}) ?%$/;
// Python's str.isspace() and the categories Cc, Cf, Zl, Zp.
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

function badCharacter(value: string): string | null {
  for (const char of value) {
    if (char === " " || char === "\u00a0") return M.character_space;
    if (INVISIBLE.test(char)) {
      const code = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
      return fill(M.character_invisible, { code });
    }
    if (QUOTES_AND_MARKUP.includes(char)) return fill(M.character_quote, { char });
  }
  return null;
}

export function linkProblem(url: string): string | null {
  const lowered = url.toLowerCase();
  const bad = badCharacter(url);
  if (bad !== null) return fill(lowered.startsWith("tel:") ? M.link_tel_bad_character : M.link_bad_character, { bad });
  if (url.startsWith("//")) return fill(M.link_protocol_relative, { url });
  if (url.startsWith("/") || url.startsWith("#")) return null;
  if (lowered.startsWith("https://")) {
    const authority = url.slice(8).split("/")[0]!.split("?")[0]!.split("#")[0]!;
    if (!authority) return fill(M.link_no_host, { url });
    if (authority.includes("@")) return fill(M.link_user_info, { url });
    return null;
  }
  if (lowered.startsWith("mailto:")) return url.includes("@") ? null : fill(M.link_no_email, { url });
  if (lowered.startsWith("tel:")) return TEL.test(url) ? null : fill(M.link_tel, { url });
  if (lowered.startsWith("http://")) return fill(M.link_http, { url });
  const scheme = url.split("/")[0]!.includes(":") ? url.split(":")[0]! : "";
  if (scheme) return fill(M.link_scheme, { url, scheme });
  return M.link_start;
}

export function isReserved(id: string): boolean {
  return RESERVED.globals.includes(id) || RESERVED.ids.includes(id) || RESERVED.prefixes.some((p) => id.startsWith(p));
}

export function idProblem(id: string): string | null {
  if (!ID.test(id)) return fill(M.anchor_shape, { id });
  if (isReserved(id)) return fill(M.anchor_reserved, { id });
  return null;
}

function imageProblem(value: string): string | null {
  if (!value.startsWith("/images/")) return M.image_prefix;
  return IMAGE.test(value) ? null : M.image_name;
}

function focusProblem(value: string): string | null {
  const m = FOCUS.exec(value);
  return m && Number(m[1]) <= 100 && Number(m[2]) <= 100 ? null : fill(M.focus, { value });
}

/** The French problem of `value` for the rule `rule` of a field, or null. */
export function fieldCheck(rule: string, value: string): string | null {
  switch (rule) {
    case "link":
      return linkProblem(value);
    case "image":
      return imageProblem(value);
    case "anchor":
      return idProblem(value);
    case "focus":
      return focusProblem(value);
    default:
      return null;
  }
}
