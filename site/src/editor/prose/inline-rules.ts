/**
 * markdown-it's inline rules changed to read Markdown as pulldown-cmark reads it: tildes
 * (`~x~` and `~~x~~`, a run closing only a run of its own length) and line ends (a run of two
 * spaces or tabs before one is a hard break, and the run goes).
 */
import type { Delimiter, StateInline } from "markdown-it";

// Markers of the two kinds of tilde delimiters: a run of one only closes a run of one, a run
// of two a run of two (pulldown-cmark's rule); distinct markers keep markdown-it's pairing
// from matching them across kinds.
const TILDE = 0x7e;
const TILDE_ONE = 0x10007e;
const TILDE_TWO = 0x20007e;

/** `~x~` and `~~x~~`: runs of three or more tildes are text, and a single tilde follows the
 * rules of « _ » (no strikethrough inside a word: `a~b~c`), as in pulldown-cmark. */
export function tildes(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (silent || state.src.charCodeAt(start) !== TILDE) return false;
  let length = 0;
  while (state.src.charCodeAt(start + length) === TILDE) length++;
  const scanned = state.scanDelims(start, length !== 1);
  const token = state.push("text", "", 0);
  token.content = "~".repeat(length);
  if (length <= 2) {
    state.delimiters.push({
      marker: length === 1 ? TILDE_ONE : TILDE_TWO,
      length: 0,
      token: state.tokens.length - 1,
      end: -1,
      open: scanned.can_open,
      close: scanned.can_close,
    });
  }
  state.pos += length;
  return true;
}

function pairTildes(state: StateInline, delimiters: readonly Delimiter[]): void {
  for (const start of delimiters) {
    if ((start.marker !== TILDE_ONE && start.marker !== TILDE_TWO) || start.end === -1) continue;
    const end = delimiters[start.end]!;
    for (const [index, type, nesting] of [[start.token, "del_open", 1], [end.token, "del_close", -1]] as const) {
      const token = state.tokens[index]!;
      token.type = type;
      token.tag = "del";
      token.nesting = nesting;
      token.content = "";
    }
  }
}

export function tildesPostProcess(state: StateInline): boolean {
  pairTildes(state, state.delimiters);
  for (const meta of state.tokens_meta) if (meta?.delimiters) pairTildes(state, meta.delimiters);
  return false;
}

/** A line end: pulldown-cmark strips the spaces and tabs before it, and a run of two or more
 * makes a hard break (markdown-it counts spaces only). */
export function newline(state: StateInline, silent: boolean): boolean {
  let pos = state.pos;
  if (state.src.charCodeAt(pos) !== 0x0a) return false;
  if (!silent) {
    let ws = state.pending.length;
    while (ws > 0 && (state.pending[ws - 1] === " " || state.pending[ws - 1] === "\t")) ws--;
    let run = state.pending.length - ws;
    state.pending = state.pending.slice(0, ws);
    // A backslash before a blank is kept with that blank in a token of its own (« \\\t »):
    // the blank still ends the line.
    const last = state.tokens[state.tokens.length - 1];
    if (!state.pending && last?.type === "text_special" && /^\\[ \t]$/.test(last.content)) {
      last.content = "\\";
      run++;
    }
    state.push(run >= 2 ? "hardbreak" : "softbreak", "br", 0);
  }
  pos++;
  while (pos < state.posMax && (state.src[pos] === " " || state.src[pos] === "\t")) pos++;
  state.pos = pos;
  return true;
}
