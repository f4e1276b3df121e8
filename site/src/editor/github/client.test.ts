import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { GitHubClient, type SignedIn, checkToken } from "./client.ts";
import type { Call } from "./http.ts";
import { ACCESS_NAMES, PERMISSION_NAMES } from "./texts.ts";
import {
  ConflictError,
  MissingPermissionError,
  NothingToProposeError,
  NoAccessError,
  OfflineError,
  RateLimitError,
  ServerError,
  TokenExpiredError,
  TokenMalformedError,
  TokenRevokedError,
  WrongRepositoryError,
} from "./errors.ts";
import { API, REPOSITORY, TOKEN, TestGitHub } from "../../../test-support/test-github.ts";

const PRICES = "content/reglages/site.md";
const ARTICLE = "content/articles/rentree-sereine.md";
const PHOTO = "content/images/articles/rentree.jpg";
const options = (github: TestGitHub) => ({ api: API, repository: REPOSITORY, fetch: github.fetch, today: () => new Date("2026-11-25T09:00:00Z") });

function repository(): TestGitHub {
  return new TestGitHub({ [PRICES]: "prix:\n  pack: 240 €\n", "content/pages/contact.md": "# Contact\n" });
}

async function signIn(github: TestGitHub): Promise<SignedIn> {
  return checkToken(TOKEN, options(github));
}

const refused = (status: number, body: unknown, headers: Record<string, string> = {}) => ({ status, body, headers });

describe("signing in", () => {
  it("refuses a token that is not a fine-grained token without sending it", async () => {
    const github = repository();
    await expect(checkToken("not a token", options(github))).rejects.toThrow(/invalide/);
    await expect(checkToken("ghp_abcdef", options(github))).rejects.toBeInstanceOf(TokenMalformedError);
    expect(github.sent).toEqual([]);
  });

  it("says a refused token is expired or invalid", async () => {
    const github = repository();
    const error = await checkToken("github_pat_expired", options(github)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenExpiredError);
    expect((error as Error).message).toMatch(/expiré/);
  });

  it("names the repository a token does not reach", async () => {
    const github = repository();
    github.overrides.push((s) => (s.url.endsWith(`/repos/${REPOSITORY}`) ? refused(404, { message: "Not Found" }) : undefined));
    const error = await signIn(github).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongRepositoryError);
    expect((error as Error).message).toContain(REPOSITORY);
  });

  it("tells an account that may not write from a token that lacks a permission", async () => {
    const github = repository();
    github.push = false;
    await expect(signIn(github)).rejects.toBeInstanceOf(NoAccessError);

    const other = repository();
    const notAccessible = { message: "Resource not accessible by personal access token" };
    other.overrides.push((s) => (s.method === "POST" && s.url.endsWith("/pulls") ? refused(403, notAccessible) : undefined));
    const error = await signIn(other).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingPermissionError);
    expect((error as Error).message).toContain("«\u00a0Pull requests\u00a0» doit être en «\u00a0Read and write\u00a0»");
  });

  it("sends the token only in the Authorization header, only to the API", async () => {
    const github = repository();
    const { user, client } = await signIn(github);
    await client.readTree();
    expect(user.login).toBe("coach");
    for (const sent of github.sent) {
      expect(sent.url.startsWith(API + "/")).toBe(true);
      expect(sent.url).not.toContain(TOKEN);
      expect(sent.headers.Authorization).toBe(`Bearer ${TOKEN}`);
      expect(JSON.stringify(sent.body ?? "")).not.toContain(TOKEN);
    }
  });
});

describe("reading", () => {
  it("reads the content tree in one request and a file again only when it changed", async () => {
    const github = repository();
    const { client } = await signIn(github);
    const before = github.sent.length;
    const tree = await client.readTree();
    expect(github.sent.length - before).toBe(1);
    expect([...tree.files.keys()].sort()).toEqual(["content/pages/contact.md", PRICES]);

    const first = await client.readFile(PRICES);
    const again = await client.readFile(PRICES);
    expect(new TextDecoder().decode(again)).toBe(new TextDecoder().decode(first));
    expect(github.sent.at(-1)!.headers["If-None-Match"]).toMatch(/^W\/"/);
  });
});

describe("proposing", () => {
  const changes = [
    { path: PRICES, text: "prix:\n  pack: 260 €\n" },
    { path: ARTICLE, text: "---\ntitle: Rentrée\n---\nTexte.\n", detail: { status: "draft" as const } },
    { path: PHOTO, bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2]) },
  ];

  it("puts every change in one commit on a new branch and opens one pull request", async () => {
    const github = repository();
    const { client } = await signIn(github);
    await client.readTree();
    await client.readFile(PRICES);
    const main = github.branches.get("main")!;

    const proposed = await client.propose(changes, { title: "Nouveaux prix et un article" });

    expect(proposed.branch).toBe("contenu/2026-11-25-nouveaux-prix-et-un-article");
    const mutations = github.sent.filter((s) => s.url.endsWith("/graphql"));
    expect(mutations).toHaveLength(1);
    expect((mutations[0]!.body as { variables: { input: { expectedHeadOid: string } } }).variables.input.expectedHeadOid).toBe(main);
    expect(github.commits.get(proposed.commit)!.parent).toBe(main);
    const files = github.filesOf(proposed.branch);
    expect(files.get(PRICES)).toBe("prix:\n  pack: 260 €\n");
    expect([...github.commits.get(proposed.commit)!.files.get(PHOTO)!]).toEqual([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2]);
    expect(github.branches.get("main")).toBe(main);

    expect(github.pulls).toHaveLength(1);
    const pull = github.pulls[0]!;
    expect(pull.title).toBe("Contenu\u00a0: Nouveaux prix et un article");
    expect(pull.body).toContain("| Modification | Réglages du site | « toutes les pages » | `content/reglages/site.md` |");
    expect(pull.body).toContain("| Ajout | Article « rentree-sereine » (brouillon\u00a0: ne sera pas publié) | `/blog/rentree-sereine` |");
    expect(pull.body).toContain("### Images");
    expect(pull.body).toContain("✅ Le contenu est valide.");
  });

  it("adds a later save as one more commit to the same branch and pull request", async () => {
    const github = repository();
    const { client } = await signIn(github);
    await client.readTree();
    const first = await client.propose(changes, { title: "Nouveaux prix" });
    const second = await client.propose([{ path: "content/pages/contact.md", text: "# Nous écrire\n" }], { title: "Nouveaux prix", errors: 2 });

    expect(second.branch).toBe(first.branch);
    expect(second.pull).toEqual(first.pull);
    expect(github.commits.get(second.commit)!.parent).toBe(first.commit);
    expect(github.sent.filter((s) => s.method === "POST" && s.url.endsWith("/git/refs") && (s.body as { sha: string }).sha !== "0".repeat(40))).toHaveLength(1);
    expect(github.pulls).toHaveLength(1);
    expect(github.pulls[0]!.body).toContain("| Modification | Page « contact » | `/contact` |");
    expect(github.pulls[0]!.body).toContain("❌ 2 erreurs à corriger");
  });

  it("goes on with the same branch and pull request after a reload and a new sign-in", async () => {
    const github = repository();
    const first = (await signIn(github)).client;
    await first.readTree();
    const proposed = await first.propose(changes.slice(0, 1), { title: "Prix" });
    const kept = JSON.parse(JSON.stringify(first.snapshot()));

    const again = (await signIn(github)).client;
    expect(await again.resume(kept)).toBe(true);
    await again.readTree();
    const second = await again.propose([{ path: "content/pages/contact.md", text: "# Écrire\n" }], { title: "Prix" });
    expect(second.branch).toBe(proposed.branch);
    expect(second.pull).toEqual(proposed.pull);
    expect(github.commits.get(second.commit)!.parent).toBe(proposed.commit);
    expect(github.pulls).toHaveLength(1);
    expect(github.pulls[0]!.body).toContain("Réglages du site");
  });

  it("goes on with a proposal opened on a new device: its branch read, one more commit, the same pull request", async () => {
    const github = repository();
    const first = (await signIn(github)).client;
    await first.readTree();
    const proposed = await first.propose(changes.slice(0, 1), { title: "Prix" });

    // Nothing kept from the first device: only what « Mes propositions » read on GitHub.
    const phone = (await signIn(github)).client;
    await phone.openProposal({ ...proposed.pull, branch: proposed.branch, files: [{ path: PRICES, status: "modified" }] });
    expect(phone.branch).toBe(proposed.branch);
    expect(new TextDecoder().decode(await phone.readFile(PRICES))).toBe(github.filesOf(proposed.branch).get(PRICES));
    const second = await phone.propose([{ path: "content/pages/contact.md", text: "# Écrire\n" }], { title: "" });
    expect(second.branch).toBe(proposed.branch);
    expect(second.pull).toEqual(proposed.pull);
    expect(github.commits.get(second.commit)!.parent).toBe(proposed.commit);
    expect(github.pulls).toHaveLength(1);
    expect(github.pulls[0]!.body).toContain("Réglages du site");
    expect(github.pulls[0]!.body).toContain("Page « contact »");

    // Back to the published version: the next proposal is a new one, from main.
    phone.leaveProposal();
    expect(phone.branch).toBe("main");
    expect(phone.pull).toBeNull();
  });

  it("reports a conflict per file, with both versions, when GitHub changed a file she edited", async () => {
    const github = repository();
    const { client } = await signIn(github);
    await client.readTree();
    await client.readFile(PRICES);
    github.pushTo("main", { [PRICES]: "prix:\n  pack: 250 €\n" });

    const error = await client.propose(changes.slice(0, 1), { title: "Prix" }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toContain("conflit");
    const [conflict] = (error as ConflictError).conflicts;
    expect(new TextDecoder().decode(conflict!.theirs!)).toBe("prix:\n  pack: 250 €\n");
    expect(new TextDecoder().decode(conflict!.ours!)).toBe("prix:\n  pack: 260 €\n");
    expect(github.sent.some((s) => s.url.endsWith("/graphql"))).toBe(false);

    client.markResolved(PRICES, conflict!.theirsSha);
    const proposed = await client.propose([{ path: PRICES, text: "prix:\n  pack: 255 €\n" }], { title: "Prix" });
    expect(github.filesOf(proposed.branch).get(PRICES)).toBe("prix:\n  pack: 255 €\n");
  });

  it("merges a change of GitHub's that does not meet hers, asking nothing, and commits the merge", async () => {
    const github = repository();
    const { client } = await signIn(github);
    await client.readTree();
    const page = "content/pages/contact.md";
    await client.readFile(page);
    github.pushTo("main", { [page]: "# Contact\n\nÉcrivez-nous.\n" });

    const proposed = await client.propose([{ path: page, text: "# Nous contacter\n" }], { title: "Contact" });

    expect(github.filesOf(proposed.branch).get(page)).toBe("# Nous contacter\n\nÉcrivez-nous.\n");
  });

  it("proposes nothing when her choices leave GitHub's versions as they are", async () => {
    const github = repository();
    const { client } = await signIn(github);
    await client.readTree();
    await client.readFile(PRICES);
    github.pushTo("main", { [PRICES]: "prix:\n  pack: 250 €\n" });
    const error = await client.propose(changes.slice(0, 1), { title: "Prix" }).catch((e: unknown) => e);
    const [conflict] = (error as ConflictError).conflicts;
    expect(new TextDecoder().decode(conflict!.base!)).toBe("prix:\n  pack: 240 €\n");

    client.markResolved(PRICES, conflict!.theirsSha);
    const again = await client.propose([{ path: PRICES, bytes: conflict!.theirs! }], { title: "Prix" }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(NothingToProposeError);
    expect(github.pulls).toHaveLength(0);
  });

  it("reads again after a stale head and commits on the fresh one, never over it", async () => {
    const github = repository();
    const { client } = await signIn(github);
    await client.readTree();
    let moved = false;
    github.overrides.push((s) => {
      if (!moved && s.url.endsWith("/graphql")) {
        moved = true;
        const input = (s.body as { variables: { input: { branch: { branchName: string } } } }).variables.input;
        github.pushTo(input.branch.branchName, { "content/pages/autre.md": "x" });
      }
      return undefined;
    });
    const proposed = await client.propose(changes.slice(0, 1), { title: "Prix" });
    const mutations = github.sent.filter((s) => s.url.endsWith("/graphql"));
    expect(mutations).toHaveLength(2);
    const files = github.filesOf(proposed.branch);
    expect(files.get("content/pages/autre.md")).toBe("x");
    expect(files.get(PRICES)).toBe("prix:\n  pack: 260 €\n");
  });
});

describe("failures", () => {
  it("gives each failure its own type and a French message, the token dying mid-session too", async () => {
    const github = repository();
    const { client } = await signIn(github);
    const reset = Math.floor(new Date("2026-11-25T14:05:00").getTime() / 1000);
    const cases: [Record<string, unknown>, unknown, RegExp][] = [
      [refused(403, { message: "API rate limit exceeded" }, { "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(reset) }), RateLimitError, /14\u00a0h\u00a005/],
      [refused(429, { message: "secondary rate limit" }, { "Retry-After": "60" }), RateLimitError, /limite/],
      [refused(502, { message: "Server Error" }), ServerError, /erreur 502/],
      [refused(401, { message: "Bad credentials" }), TokenRevokedError, /expiré/],
    ];
    for (const [reply, type, words] of cases) {
      github.overrides.splice(0, github.overrides.length, () => reply as never);
      const error = await client.readTree().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      expect((error as Error).message).toMatch(words);
    }
    github.overrides.splice(0, github.overrides.length, () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(client.readTree()).rejects.toBeInstanceOf(OfflineError);
  });
});

describe("checks", () => {
  it("says en cours, réussi or échec and lists each annotation with its file and line", async () => {
    const github = repository();
    const { client } = await signIn(github);
    await client.readTree();
    await client.propose([{ path: PRICES, text: "prix: oups" }], { title: "Prix" });

    expect((await client.checks()).label).toBe("en cours");
    github.checkRuns = [{ id: 1, name: "Contenu", status: "completed", conclusion: "success", annotations: [] }];
    expect((await client.checks()).label).toBe("réussi");
    const annotation = { path: PRICES, start_line: 2, title: "Prix → pack", message: "Un prix est un montant.", annotation_level: "failure" };
    github.checkRuns = [
      { id: 2, name: "Contenu", status: "completed", conclusion: "failure", annotations: [annotation, { ...annotation, start_line: 3 }] },
      { id: 3, name: "Tests du site", status: "completed", conclusion: "success", annotations: [] },
    ];
    const failed = await client.checks(client.pull!.number);
    expect(failed.label).toBe("échec");
    expect(failed.annotations.map((a) => [a.path, a.line, a.title])).toEqual([
      [PRICES, 2, "Prix → pack"],
      [PRICES, 3, "Prix → pack"],
    ]);
  });
});

describe("the guide's token", () => {
  it("has exactly the permissions the editor's calls need, named as on GitHub", async () => {
    const github = repository();
    const client = new GitHubClient(TOKEN, options(github));
    const needed = new Map<string, string>();
    const request = client.http.request.bind(client.http);
    vi.spyOn(client.http, "request").mockImplementation((call: Call) => {
      const [permission, access] = call.permission;
      if (needed.get(permission) !== "write") needed.set(permission, access);
      return request(call);
    });
    await client.signIn();
    await client.readTree();
    await client.readFile(PRICES);
    await client.propose([{ path: PRICES, text: "prix: 1" }], { title: "Prix" });
    await client.propose([{ path: PRICES, text: "prix: 2" }], { title: "Prix" });
    await client.checks();
    // GitHub offers no « Checks » permission to these tokens: a public repository's checks
    // are readable without it (a private one's are not: the editor then links to the PR).
    needed.delete("checks");
    const asOnGitHub = Object.fromEntries(
      [...needed].map(([p, a]) => [PERMISSION_NAMES[p as keyof typeof PERMISSION_NAMES], ACCESS_NAMES[a as keyof typeof ACCESS_NAMES]]),
    );
    const page = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../docs/guide/connexion-github.md"), "utf8");
    const table = page.split("<!-- permissions-du-jeton -->")[1]!;
    const rows = [...table.matchAll(/^\s*\| \*\*(.+?)\*\* \| \*\*(.+?)\*\* \|$/gm)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(rows)).toEqual(asOnGitHub);
  });
});
