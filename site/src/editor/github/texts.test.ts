import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { forgetToken, loadToken, onOwnOrigin, saveToken } from "./token-store.ts";
import { CHECK_STATES, LABELS, MESSAGES, PANEL, SIGN_IN } from "./texts.ts";
import { TITLE_MAX, branchName, cleanTitle, pullRequestTitle } from "./summary.ts";

/** Every text the coach reads, messages called with sample values. */
function allTexts(): string[] {
  const { rateLimit, conflict, server, unexpected, ...rest } = MESSAGES;
  const messages = Object.values(rest).map((m) =>
    typeof m === "function" ? (m as (...a: string[]) => string)("renouer/site", "Contents") : m,
  );
  const called = [rateLimit(new Date()), rateLimit(null), conflict(["content/a.md", "content/b.md"]), server(502), unexpected(418)];
  const panel = Object.values(PANEL).flatMap((p) =>
    typeof p === "function" ? [1, 2].map((n) => (p as (...a: unknown[]) => string)(n, n, n, n)) : [p],
  );
  return [...Object.values(LABELS), ...Object.values(CHECK_STATES), ...messages, ...called, ...panel, ...Object.values(SIGN_IN)];
}

describe("French texts", () => {
  it("follow French typography: no-break spaces before « : » and inside « », curly apostrophes", () => {
    for (const text of allTexts()) {
      expect(text, text).not.toMatch(/ [:;!?»]/);
      expect(text, text).not.toMatch(/« /);
      expect(text, text).not.toMatch(/'/);
    }
  });

  it("name the buttons and field a coach and a test rely on", () => {
    expect(LABELS).toMatchObject({
      signIn: "Se connecter à GitHub",
      tokenField: "Jeton d’accès personnel",
      remember: "Se souvenir sur cet appareil",
      signOut: "Se déconnecter",
      propose: "Proposer mes modifications",
    });
  });
});

describe("the token", () => {
  it("is never stored on the site's shared address, and one left there by an older version is erased", () => {
    window.localStorage.setItem("renouer.editeur.github-token", "github_pat_old");
    expect(loadToken(false)).toBeNull();
    saveToken("github_pat_a", true, false);
    saveToken("github_pat_b", false, false);
    expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
    expect(loadToken(false)).toBeNull();
  });

  it("is stored only on the carnet's own origin, and only when the page is really there", () => {
    expect(onOwnOrigin("https://renouer-carnet.github.io", "https://renouer-carnet.github.io")).toBe(true);
    expect(onOwnOrigin("https://renouer.github.io", "https://renouer-carnet.github.io")).toBe(false);
    expect(onOwnOrigin("https://renouer.github.io", "")).toBe(false);
  });

  it("on its own origin, is kept for the tab unless remembered, and erased from both on sign-out", () => {
    saveToken("github_pat_a", false, true);
    expect(window.sessionStorage.length).toBe(1);
    expect(loadToken(true)).toEqual({ token: "github_pat_a", remembered: false });
    saveToken("github_pat_b", true, true);
    expect(window.sessionStorage.length).toBe(0);
    expect(loadToken(true)).toEqual({ token: "github_pat_b", remembered: true });
    forgetToken();
    expect(loadToken(true)).toBeNull();
    expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
  });
});

describe("the title of a proposal", () => {
  it("is one line of visible characters, TITLE_MAX at most, whatever is typed or pasted", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (typed) => {
        const title = cleanTitle(typed);
        expect(Array.from(title).length).toBeLessThanOrEqual(TITLE_MAX);
        expect(title).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u);
        expect(title).toBe(title.trim());
        expect(branchName(typed, new Date("2026-11-25T10:00:00Z"))).toMatch(/^contenu\/2026-11-25-[a-z0-9-]+$/);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it("keeps no invisible character beyond the first plane (tags, musical format marks)", () => {
    // U+E0020 TAG SPACE, U+E0001 LANGUAGE TAG, U+1D173 MUSICAL SYMBOL BEGIN BEAM: found by the
    // property above about one run in ten.
    expect(cleanTitle("Prix\u{E0020}\u{E0001} du\u{1D173} bilan")).toBe("Prix du bilan");
  });

  it("keeps a French title as typed, and says when it was cut", () => {
    expect(pullRequestTitle("  Nouveaux  prix : été 2027 ! ")).toBe("Contenu\u00a0: Nouveaux prix : été 2027 !");
    expect(pullRequestTitle("Prix\u202e\u2066 de l’été")).toBe("Contenu\u00a0: Prix de l’été");
    const long = cleanTitle("très ".repeat(100));
    expect(long.endsWith("…")).toBe(true);
    expect(Array.from(long).length).toBe(TITLE_MAX);
  });
});

describe("the branch of a proposal", () => {
  it("is contenu/<date>-<a few words of the title>, accents and signs dropped", () => {
    const today = new Date("2026-11-25T09:00:00Z");
    expect(branchName("Nouveaux prix : été 2027 !", today)).toBe("contenu/2026-11-25-nouveaux-prix-ete-2027");
    expect(branchName("", today)).toBe("contenu/2026-11-25-modifications-du-contenu");
    expect(branchName("un titre vraiment très long qui dépasse largement la limite", today)).toBe(
      "contenu/2026-11-25-un-titre-vraiment-tres-long-qui-depasse",
    );
  });
});
