import { describe, expect, it } from "vitest";
import { type ListedProposal, clashesWith, isCarnetPull, proposalState } from "./list.ts";
import { PROPOSALS, frenchDate, proposalsText } from "./texts.ts";

const pull = (ref: string, repo: string | null) => ({
  number: 1,
  title: "Contenu : prix",
  html_url: "https://github.com/renouer/site/pull/1",
  user: { login: "coach" },
  created_at: "2026-11-27T10:00:00Z",
  head: { ref, sha: "a".repeat(40), repo: repo === null ? null : { full_name: repo } },
});

const listed = (number: number, paths: string[]): ListedProposal => ({
  number,
  title: `n${number}`,
  url: "",
  branch: `contenu/${number}`,
  head: "",
  login: "sophie",
  author: "Sophie Martin",
  createdAt: "",
  files: paths.map((path) => ({ path, status: "modified" })),
  state: "checking",
});

describe("« Mes propositions »", () => {
  it("knows the carnet's pull requests by their branch, in this repository only", () => {
    expect(isCarnetPull(pull("contenu/2026-11-27-prix", "renouer/site"), "renouer/site")).toBe(true);
    expect(isCarnetPull(pull("contenu/2026-11-27-prix", "Renouer/Site"), "renouer/site")).toBe(true);
    expect(isCarnetPull(pull("refonte", "renouer/site"), "renouer/site")).toBe(false);
    expect(isCarnetPull(pull("contenu/x", "quelquun/site"), "renouer/site")).toBe(false);
    expect(isCarnetPull(pull("contenu/x", null), "renouer/site")).toBe(false); // its fork was deleted
  });

  it("says a proposal's state from GitHub's data: a conflict first, then the checks", () => {
    expect(proposalState(false, "dirty", "success")).toBe("conflict");
    expect(proposalState(true, "dirty", "pending")).toBe("conflict");
    expect(proposalState(null, "unknown", "failure")).toBe("toFix");
    expect(proposalState(true, "blocked", "success")).toBe("ready");
    expect(proposalState(null, undefined, "pending")).toBe("checking");
    // Checks hidden from the token (a private repository): GitHub's « clean » says they passed.
    expect(proposalState(true, "clean", null)).toBe("ready");
    expect(proposalState(true, "unstable", null)).toBe("checking");
    expect([PROPOSALS.checking, PROPOSALS.toFix, PROPOSALS.ready, PROPOSALS.conflict]).toEqual([
      "en cours de vérification",
      "à corriger",
      "prête à publier",
      "en conflit",
    ]);
  });

  it("warns of the other proposals that change the page, never of the one being edited", () => {
    const all = [listed(3, ["content/pages/contact.md"]), listed(4, ["content/pages/contact.md", "content/reglages/site.md"]), listed(5, [])];
    expect(clashesWith(all, "pages/contact.md", 3).map((p) => p.number)).toEqual([4]);
    expect(clashesWith(all, "pages/contact.md", null).map((p) => p.number)).toEqual([3, 4]);
    expect(clashesWith(all, "pages/index.md", null)).toEqual([]);
    expect(proposalsText("clash", { author: "Sophie Martin", number: 12 })).toBe(
      "Sophie Martin propose déjà une modification de cette page (n°\u00a012).",
    );
  });

  it("follows French typography in every text", () => {
    for (const text of Object.values(PROPOSALS)) {
      expect(text, text).not.toMatch(/ [:;!?»]/);
      expect(text, text).not.toMatch(/« /);
      expect(text, text).not.toMatch(/'/);
    }
  });

  it("writes dates as French readers do", () => {
    expect(frenchDate("2026-11-27T10:00:00Z")).toBe("27 novembre 2026");
    expect(frenchDate("pas une date")).toBe("pas une date");
  });
});
