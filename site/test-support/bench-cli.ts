/**
 * The editor's core timed, for `nox -s bench` (tests/bench/editor.py bundles this file with
 * rolldown and runs it in node). Reads `{context, path, text, samples}` on stdin; for each
 * sample, one keystroke (a letter added to the title, or to the prose) then the document's
 * validation against the whole tree's context, as the notebook does after a keystroke.
 * Writes the times in milliseconds: `{index, field: [...], prose: [...]}`.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import {
  parseDocument,
  setProse,
  setValue,
  indexContext,
  validateDocument,
  type ValidationContext,
} from "../src/editor/core/index.ts";

interface Input {
  context: ValidationContext;
  path: string;
  text: string;
  samples: number;
}

const input = JSON.parse(readFileSync(0, "utf8")) as Input;
let start = performance.now();
const index = indexContext(input.context);
const indexMs = performance.now() - start;
let doc = parseDocument(input.path, input.text);
const prose = doc.cells.findIndex((cell) => cell.kind === "prose");
const field: number[] = [];
const typed: number[] = [];
for (let n = 0; n < input.samples; n++) {
  const letter = String.fromCharCode(97 + (n % 26));
  start = performance.now();
  // The title typed one letter further (and back to its start every 40 letters).
  doc = setValue(doc, "frontmatter", ["title"], `Un titre ${letter.repeat(1 + (n % 40))}`);
  validateDocument(doc, index);
  field.push(performance.now() - start);
  const cell = doc.cells[prose];
  if (cell?.kind === "prose") {
    start = performance.now();
    doc = setProse(doc, prose, cell.markdown + letter);
    validateDocument(doc, index);
    typed.push(performance.now() - start);
  }
}
process.stdout.write(JSON.stringify({ index: indexMs, field, prose: typed }));
