import { describe, expect, it } from "vitest";
import { differingParts, mergeParts } from "./merge.ts";

const BASE = "---\ntitle: Tarifs\n---\n\nIntro.\n\n```{cta}\nlabel: Réserver\n```\n\nFin.\n";
const OURS = BASE.replace("Intro.", "Intro revue par la coach.");
const THEIRS = BASE.replace("label: Réserver", "label: Prendre rendez-vous").replace("title: Tarifs", "title: Nos tarifs");

describe("a conflict resolved cell by cell", () => {
  it("offers each part that differs, with both versions", () => {
    const parts = differingParts("content/pages/tarifs.md", OURS, THEIRS);
    expect(parts.map((p) => p.key)).toEqual(["frontmatter", "0", "1"]);
    expect(parts[1]).toMatchObject({ ours: "Intro revue par la coach.", theirs: "Intro." });
  });

  it("keeps the chosen side of each part and loses nothing of either", () => {
    const merged = mergeParts("content/pages/tarifs.md", OURS, THEIRS, { frontmatter: "theirs", "0": "ours", "1": "theirs" });
    expect(merged).toBe(
      "---\ntitle: Nos tarifs\n---\n\nIntro revue par la coach.\n\n```{cta}\nlabel: Prendre rendez-vous\n```\n\nFin.\n",
    );
    expect(mergeParts("content/pages/tarifs.md", OURS, THEIRS, {})).toBe(OURS);
  });
});
