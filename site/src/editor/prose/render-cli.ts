/**
 * The carnet's prose preview as a command, for the differential test against the build
 * (tests/pipeline/test_prose_preview.py bundles this file with rolldown and runs it with
 * node, from site/). One JSON request per line on stdin, one answer per line on stdout:
 * - `{"settings": text}` → `{"variables": {name: value}}` (null when they cannot be read),
 *   the variables every following request replaces;
 * - `{"markdown": text}` → `{"html": …}`, what the preview shows for that prose cell;
 * - `{"path": rel, "text": text}` → `{"cells": […]}`, the HTML of each prose cell the
 *   editor's reader finds in that file (an entry's body is one).
 * The HTML is parsed by jsdom (parse5, the HTML standard's parser, as the browser's).
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseDocument } from "../core/index.ts";
import { sanitiseHtml } from "../preview/sanitise.ts";
import { renderProse } from "./render.ts";
import { substitute, variablesOf, type Variables } from "./variables.ts";

// jsdom is found in site/node_modules (the command runs from site/), not bundled.
const { JSDOM } = createRequire(join(process.cwd(), "package.json"))("jsdom") as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } };
};
// The sanitiser parses with the page's DOMParser: here jsdom's (this Node command is no page:
// its jsdom window reads no global of the site's pages, test_page_globals.py).
const { window: jsdom } = new JSDOM("");
globalThis.DOMParser = jsdom.DOMParser;
let variables: Variables | null = null;

function answer(line: string): unknown {
  const request = JSON.parse(line) as { settings?: string; markdown?: string; year?: number; path?: string; text?: string };
  if (request.settings !== undefined) {
    variables = variablesOf(request.settings, request.year);
    return { variables: variables && Object.fromEntries(variables) };
  }
  const render = (markdown: string) => renderProse(substitute(markdown, variables), sanitiseHtml);
  if (request.path !== undefined) {
    const cells = parseDocument(request.path, request.text ?? "").cells;
    return { cells: cells.flatMap((cell) => (cell.kind === "prose" ? [render(cell.markdown)] : [])) };
  }
  return { html: render(request.markdown ?? "") };
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line.trim()) process.stdout.write(JSON.stringify(answer(line)) + "\n");
}
