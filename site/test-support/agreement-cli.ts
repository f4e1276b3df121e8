/**
 * The editor's core as a command, for the agreement tests with `contenu check`
 * (tests/pipeline/test_editor_agreement.py bundles this file with rolldown and runs it).
 * Reads JSON on stdin, writes JSON on stdout:
 * - `{context, cases: [{path, text}]}` → one list of diagnostics per case;
 * - `{mode: "data", cases: [{path, text | file, edits?}]}` → for each case, after the edits
 *   (`setValue` calls), the text written and the values read from it;
 * - `{mode: "rules", cases: [{rule, value}]}` → each rule's message at a field, or null;
 * - `{mode: "labels", fields, keys}` → each field's French label and place, each key's label;
 * - `{mode: "readings", readings: [{kind, text}]}` → what each text means as a number of that
 *   kind (integer, decimal, amount) or as a date;
 * - `{mode: "sameNames", cases: [{rule, value}]}` → what a name rule compares each value by.
 */
import { readFileSync } from "node:fs";
import {
  parseDocument,
  serializeDocument,
  dataOf,
  fieldLabel,
  fieldRuleProblem,
  keyLabel,
  sameNameKey,
  readDate,
  readNumber,
  setValue,
  type NumberKind,
  type Target,
  type Path,
  indexContext,
  validateDocument,
  type ValidationContext,
} from "../src/editor/core/index.ts";

interface Edit {
  target: Target;
  path: Path;
  value: unknown;
}

interface Input {
  mode?: "verdict" | "data" | "rules" | "labels" | "readings" | "sameNames";
  fields?: string[];
  readings?: { kind: NumberKind | "date"; text: string }[];
  keys?: string[];
  context: ValidationContext;
  cases: { path: string; text?: string; file?: string; edits?: Edit[]; rule?: string; value?: string }[];
}

const input = JSON.parse(readFileSync(0, "utf8")) as Input;

function verdicts(): unknown[] {
  const index = indexContext(input.context);
  return input.cases.map((c) => validateDocument(parseDocument(c.path, c.text!), index));
}

function data(): unknown[] {
  return input.cases.map((c) => {
    let doc = parseDocument(c.path, c.text ?? readFileSync(c.file!, "utf8"));
    for (const edit of c.edits ?? []) doc = setValue(doc, edit.target, edit.path, edit.value);
    return {
      text: serializeDocument(doc),
      frontmatter: doc.frontmatter ? dataOf(doc, "frontmatter") : null,
      cells: doc.cells.flatMap((cell, i) => (cell.kind === "cell" && cell.close !== null ? [{ type: cell.type, data: dataOf(doc, i) }] : [])),
    };
  });
}

function rules(): unknown[] {
  return input.cases.map((c) => fieldRuleProblem(c.rule!, c.value!));
}

function labels(): unknown {
  return { fields: (input.fields ?? []).map(fieldLabel), keys: (input.keys ?? []).map(keyLabel) };
}

const readings = () => (input.readings ?? []).map((r) => (r.kind === "date" ? readDate(r.text) : readNumber(r.kind, r.text)));
const sameNames = () => input.cases.map((c) => sameNameKey(c.rule!, c.value!));
const modes = { verdict: verdicts, data, rules, labels, readings, sameNames };
process.stdout.write(JSON.stringify(modes[input.mode ?? "verdict"]()));
