/**
 * Markdown → HTML as the build's pyromark (pulldown-cmark) writes it, with markdown-it as
 * the parser: CommonMark, raw HTML kept (the sanitiser decides), GFM tables, strikethrough
 * with one or two tildes and heading attribute blocks (`## Titre {#ancre}`), the options of
 * tools/contenu/render/markdown.py. The tokens are written by `writeHtml`, a port of
 * pulldown-cmark's HTML writer (its newlines, `<br />`, table layout, escaping), so the
 * output is the same string, not only the same document.
 *
 * tests/pipeline/test_prose_preview.py holds this to pyromark on every prose cell of
 * content/, of the 4,000-article corpus and on generated Markdown; the differences left are
 * listed in docs/decisions.md.
 */
import MarkdownIt, { type MarkdownIt as Parser } from "markdown-it";
import { atxHeading, setextAttributes } from "./heading-rules.ts";
import { newline, tildes, tildesPostProcess } from "./inline-rules.ts";
import { table } from "./table-rule.ts";
import { writeHtml } from "./writer.ts";

function parser(): Parser {
  const md = new MarkdownIt("commonmark", { html: true }).enable(["table"]);
  // URLs are written as pulldown-cmark writes them (escape_href); which schemes are kept is
  // the sanitiser's decision, as in the build.
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (url) => url;
  md.validateLink = () => true;
  md.inline.ruler.before("emphasis", "tildes", tildes);
  md.inline.ruler2.before("emphasis", "tildes", tildesPostProcess);
  md.inline.ruler.at("newline", newline);
  md.block.ruler.at("table", table, { alt: ["paragraph", "reference"] });
  md.block.ruler.at("heading", atxHeading, { alt: ["paragraph", "reference", "blockquote"] });
  md.core.ruler.after("block", "setext_attributes", setextAttributes);
  return md;
}

let shared: Parser | null = null;

/** The HTML pyromark writes for `markdown` with the build's options. */
export function markdownToHtml(markdown: string): string {
  shared ??= parser();
  return writeHtml(shared.parse(markdown, {}));
}
