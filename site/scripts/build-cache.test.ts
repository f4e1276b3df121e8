// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the build, without type declarations
import { removeTree } from "./build-cache.mjs";

/** A previous site in small: nested folders, hard links and a symbolic link to outside. */
function previousSite(parent: string): { site: string; outside: string } {
  const site = path.join(parent, "site");
  const outside = path.join(parent, "outside");
  mkdirSync(path.join(site, "blog", "categorie"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(outside, "kept.txt"), "gardé");
  writeFileSync(path.join(site, "index.html"), "<p>Accueil</p>");
  writeFileSync(path.join(site, "blog", "categorie", "emotions.html"), "<p>Émotions</p>");
  symlinkSync(outside, path.join(site, "lien"));
  return { site, outside };
}

describe("removeTree", () => {
  const savedPath = process.env.PATH;
  afterEach(() => {
    process.env.PATH = savedPath;
  });

  it.each([
    ["with the system's rm", () => {}],
    // A system without `rm` on its PATH: Node's own removal takes over.
    ["without rm on the PATH", (parent: string) => (process.env.PATH = path.join(parent, "empty"))],
  ])("removes the whole folder %s, and nothing a link inside it points to", async (_, arrange) => {
    const parent = mkdtempSync(path.join(tmpdir(), "remove-tree-"));
    mkdirSync(path.join(parent, "empty"));
    const { site, outside } = previousSite(parent);
    arrange(parent);
    await removeTree(site);
    expect(existsSync(site)).toBe(false);
    expect(readdirSync(outside)).toEqual(["kept.txt"]);
  });
});
