/**
 * The editor's validator as a command, for the agreement test with `contenu check`
 * (tests/pipeline/test_editor_agreement.py bundles this file with rolldown and runs it):
 * reads `{context, cases: [{path, text}]}` as JSON on stdin, writes one list of
 * diagnostics per case as JSON on stdout.
 */
import { readFileSync } from "node:fs";
import { parseDocument } from "./document.ts";
import { indexContext, validateDocument, type ValidationContext } from "./validate.ts";

interface Input {
  context: ValidationContext;
  cases: { path: string; text: string; extraFiles?: string[]; extraRoutes?: string[] }[];
}

const input = JSON.parse(readFileSync(0, "utf8")) as Input;
const base = indexContext(input.context);
const out = input.cases.map((c) => {
  const index = {
    ...base,
    routes: new Set([...base.routes, ...(c.extraRoutes ?? [])]),
  };
  return validateDocument(parseDocument(c.path, c.text), index);
});
process.stdout.write(JSON.stringify(out));
