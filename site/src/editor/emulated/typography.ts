/**
 * French typography, as tools/contenu/text/typography.py applies it to plain text (its
 * `french_typography`, text rules only): `contenu check` typesets every message, so the
 * editor does the same to give the same words. Python's `[^\W\d_]` (a letter) is
 * `[\p{L}\p{Nl}\p{No}]` here, `\w` is `[\p{L}\p{N}_]`.
 */
const NBSP = "\u00a0";
const NNBSP = "\u202f";
const SPACE_CHARS = ` \t${NBSP}${NNBSP}`;
const SPACES = `[${SPACE_CHARS}]`;
const LETTER = "[\\p{L}\\p{Nl}\\p{No}]";
const WORD = "[\\p{L}\\p{N}_]";
const ALNUM = "[\\p{L}\\p{N}]"; // [^\W_]
// Python's \s (Unicode whitespace).
const WS = "[\\s\\x1c-\\x1f\\x85]";

const APOSTROPHE = new RegExp(`'(?<=${LETTER}')(?=${LETTER})`, "gu");
const DOUBLE_QUOTES = new RegExp(`"(?<!(?:${WORD}|")")([^"\\n]+)"(?!${WORD}|")`, "gu");
const OPEN_GUILLEMET = new RegExp(`«${SPACES}*`, "gu");
const BARE_CLOSE_GUILLEMET = new RegExp(`»(?<!${SPACES}»)`, "gu");
const SPACED = new RegExp(`[:;!?»](?<=${SPACES}.)`, "gu");
const COLON_AFTER = new RegExp(`^(?:${WS}|$)`, "u");
const HIGH_AFTER = new RegExp(`^(?:[\\s!?;)»\\x1c-\\x1f\\x85]|$)`, "u");
const BARE_COLON = new RegExp(`:(?<=${ALNUM}:)(?=${WS}|$)`, "gu");
const BARE_HIGH: Record<string, RegExp> = Object.fromEntries(
  [";", "!", "?"].map((mark) => {
    const m = mark === "?" ? "\\?" : mark;
    return [mark, new RegExp(`${m}(?<=${ALNUM}${m}|[»)]${m})(?=[\\s!?;)»\\x1c-\\x1f\\x85]|$)`, "gu")];
  }),
);
const TRIGGERS = /['":;!?«»]/;

function space(text: string, markAt: number): string | null {
  const mark = text[markAt]!;
  if (mark === "»") return NBSP;
  const rest = text.slice(markAt + 1);
  if ((mark === ":" ? COLON_AFTER : HIGH_AFTER).test(rest)) return mark === ":" ? NBSP : NNBSP;
  return null;
}

function respace(text: string): string {
  const out: string[] = [];
  let last = 0;
  for (const match of text.matchAll(SPACED)) {
    const markAt = match.index;
    let start = markAt;
    while (start > last && SPACE_CHARS.includes(text[start - 1]!)) start--;
    const replacement = space(text, markAt);
    if (replacement !== null) {
      out.push(text.slice(last, start), replacement);
      last = markAt;
    }
  }
  if (out.length === 0) return text;
  out.push(text.slice(last));
  return out.join("");
}

export function frenchTypography(input: string): string {
  if (!TRIGGERS.test(input)) return input;
  let text = input;
  if (text.includes("'")) text = text.replace(APOSTROPHE, "’");
  if (text.includes('"')) text = text.replace(DOUBLE_QUOTES, "«$1»");
  if (text.includes("«")) text = text.replace(OPEN_GUILLEMET, "«" + NBSP);
  if (text.includes("»")) text = text.replace(BARE_CLOSE_GUILLEMET, NBSP + "»");
  const high = [";", "!", "?"].filter((mark) => text.includes(mark));
  if (high.length || text.includes(":") || text.includes("»")) text = respace(text);
  if (text.includes(":")) text = text.replace(BARE_COLON, NBSP + ":");
  for (const mark of high) text = text.replace(BARE_HIGH[mark]!, NNBSP + mark);
  return text;
}

/** `typeset` of tools/contenu/report/diagnostics.py: what stands between backticks is left as is. */
export function typeset(message: string): string {
  if (!message.includes("`")) return frenchTypography(message);
  const parts = message.split("`");
  const paired = parts.length % 2 === 1;
  return parts
    .map((part, i) => (i % 2 === 1 && (paired || i < parts.length - 1) ? part : frenchTypography(part)))
    .join("`");
}
