// @vitest-environment node
// Every folder of the editor says in one line what lives there (its README.md), generated
// folders aside (what writes them says so).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const EDITOR = path.dirname(fileURLToPath(import.meta.url));

function folders(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "generated")
    .flatMap((entry) => [path.join(folder, entry.name), ...folders(path.join(folder, entry.name))]);
}

it("has a one-line README.md in each of its folders", () => {
  for (const folder of [EDITOR, ...folders(EDITOR)]) {
    const readme = path.join(folder, "README.md");
    const where = path.relative(EDITOR, readme);
    expect(existsSync(readme), where).toBe(true);
    expect(readFileSync(readme, "utf8").trim().split("\n"), where).toHaveLength(1);
  }
});
