/**
 * pulldown-cmark's HTML writer (its html.rs) over markdown-it's tokens: the same newlines
 * between blocks, `<br />`, `<hr />`, table layout, image alt text and escaping, so the
 * output is pyromark's string, not only the same document.
 */
import type { Token } from "markdown-it";
import { escapeBody, escapeHref, escapeHtml } from "./escape.ts";
import type { HeadingAttributes } from "./heading-rules.ts";

const ALIGN = /text-align:(left|center|right)/;
const attr = (token: Token, name: string) => String(token.attrGet(name) ?? "");

class Writer {
  out = "";
  endNewline = true;
  inHead = false;

  write(text: string): void {
    this.out += text;
    if (text) this.endNewline = text.endsWith("\n");
  }

  block(tag: string): void {
    this.write(this.endNewline ? tag : `\n${tag}`);
  }

  text(text: string): void {
    this.out += escapeBody(text);
    this.endNewline = text.endsWith("\n");
  }

  heading(token: Token): void {
    const attributes = token.meta as HeadingAttributes | null;
    let tag = `<${token.tag}`;
    if (attributes?.id !== undefined) tag += ` id="${escapeHtml(attributes.id)}"`;
    if (attributes?.classes.length) tag += ` class="${attributes.classes.map(escapeHtml).join(" ")}"`;
    for (const [name, value] of attributes?.attrs ?? []) tag += ` ${escapeHtml(name)}="${value === null ? "" : escapeHtml(value)}"`;
    this.block(`${tag}>`);
  }

  cell(token: Token): void {
    const align = ALIGN.exec(attr(token, "style"))?.[1];
    this.write(`<${this.inHead ? "th" : "td"}${align ? ` style="text-align: ${align}"` : ""}>`);
  }

  blockToken(token: Token): void {
    switch (token.type) {
      case "paragraph_open":
        if (!token.hidden) this.block("<p>");
        break;
      case "paragraph_close":
        if (!token.hidden) this.write("</p>\n");
        break;
      case "heading_open":
        this.heading(token);
        break;
      case "heading_close":
        this.write(`</${token.tag}>\n`);
        break;
      case "blockquote_open":
        this.block("<blockquote>\n");
        break;
      case "blockquote_close":
        this.write("</blockquote>\n");
        break;
      case "bullet_list_open":
        this.block("<ul>\n");
        break;
      case "bullet_list_close":
        this.write("</ul>\n");
        break;
      case "ordered_list_open": {
        const start = Number(token.attrGet("start") ?? 1);
        this.block(start === 1 ? "<ol>\n" : `<ol start="${start}">\n`);
        break;
      }
      case "ordered_list_close":
        this.write("</ol>\n");
        break;
      case "list_item_open":
        this.block("<li>");
        break;
      case "list_item_close":
        this.write("</li>\n");
        break;
      case "code_block":
      case "fence":
        this.code(token);
        break;
      case "html_block":
        this.write(token.content);
        break;
      case "hr":
        this.block("<hr />\n");
        break;
      case "table_open":
        this.write("<table>");
        break;
      case "thead_open":
        this.inHead = true;
        this.write("<thead><tr>");
        break;
      case "thead_close":
        this.inHead = false;
        this.write("</tr></thead><tbody>\n");
        break;
      case "tr_open":
        if (!this.inHead) this.write("<tr>");
        break;
      case "tr_close":
        if (!this.inHead) this.write("</tr>\n");
        break;
      case "th_open":
      case "td_open":
        this.cell(token);
        break;
      case "th_close":
      case "td_close":
        this.write(this.inHead ? "</th>" : "</td>");
        break;
      case "table_close":
        this.write("</tbody></table>\n");
        break;
      case "inline":
        this.inline(token.children ?? []);
        break;
      default:
        break; // tbody_open, tbody_close: pulldown-cmark writes them with the head and the end
    }
  }

  code(token: Token): void {
    if (!this.endNewline) this.write("\n");
    const lang = token.type === "fence" ? (token.info.trim().split(" ")[0] ?? "") : "";
    this.write(lang ? `<pre><code class="language-${escapeHtml(lang)}">` : "<pre><code>");
    if (token.content) this.text(token.content);
    this.write("</code></pre>\n");
  }

  inline(tokens: readonly Token[]): void {
    for (const token of tokens) {
      switch (token.type) {
        case "text":
          this.text(token.content);
          break;
        case "softbreak":
          this.write("\n");
          break;
        case "hardbreak":
          this.write("<br />\n");
          break;
        case "code_inline":
          this.write("<code>");
          this.out += escapeBody(token.content);
          this.write("</code>");
          break;
        case "html_inline":
          this.write(token.content);
          break;
        case "link_open": {
          const title = attr(token, "title");
          this.write(`<a href="${escapeHref(attr(token, "href"))}${title ? `" title="${escapeHtml(title)}` : ""}">`);
          break;
        }
        case "link_close":
          this.write("</a>");
          break;
        case "image": {
          const title = attr(token, "title");
          this.write(`<img src="${escapeHref(attr(token, "src"))}" alt="`);
          this.out += altText(token.children ?? []);
          this.write(`${title ? `" title="${escapeHtml(title)}` : ""}" />`);
          break;
        }
        default:
          if (token.nesting !== 0) this.write(token.nesting > 0 ? `<${token.tag}>` : `</${token.tag}>`);
      }
    }
  }
}

/** pulldown-cmark's `raw_text`: an image's description as its alt attribute. */
function altText(tokens: readonly Token[]): string {
  let out = "";
  for (const token of tokens) {
    if (token.type === "text" || token.type === "code_inline" || token.type === "html_inline") out += escapeHtml(token.content);
    else if (token.type === "softbreak" || token.type === "hardbreak") out += " ";
    else if (token.type === "image") out += altText(token.children ?? []);
  }
  return out;
}

export function writeHtml(tokens: readonly Token[]): string {
  const writer = new Writer();
  for (const token of tokens) writer.blockToken(token);
  return writer.out;
}
