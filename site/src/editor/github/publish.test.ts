import { describe, expect, it } from "vitest";
import { checkToken } from "./client.ts";
import { CONFLICT } from "../conflict/conflict-texts.ts";
import { HeadMovedError, PublishRefusedError, pageAddress, publishProposal } from "./publish.ts";
import { PUBLISH } from "./publish-texts.ts";
import { API, REPOSITORY, TOKEN, TestGitHub } from "../../../test-support/test-github.ts";

const HEAD = "a".repeat(40);

async function signedIn(merge: { status: number; body: unknown }) {
  const github = new TestGitHub({ "content/pages/contact.md": "# Contact\n" });
  github.overrides.push((sent) => {
    if (sent.url.endsWith("/pulls/7")) return { status: 200, body: { head: { sha: HEAD }, state: "open", title: "Contenu : contact" }, headers: {} };
    if (sent.url.endsWith("/pulls/7/merge")) return { ...merge, headers: {} };
    return undefined;
  });
  const { client } = await checkToken(TOKEN, { api: API, repository: REPOSITORY, fetch: github.fetch });
  return { client, github };
}

const refused = async (message: string) => {
  const { client } = await signedIn({ status: 405, body: { message } });
  return publishProposal(client, 7, HEAD).catch((e: unknown) => e);
};

describe("publishing a proposal", () => {
  it("merges with squash, guarded by the head the coach saw", async () => {
    const { client, github } = await signedIn({ status: 200, body: { sha: "b".repeat(40), merged: true } });
    expect(await publishProposal(client, 7, HEAD)).toEqual({ sha: "b".repeat(40) });
    const put = github.sent.find((s) => s.method === "PUT")!;
    expect(put.body).toMatchObject({ sha: HEAD, merge_method: "squash" });
  });

  it("never merges a head the coach has not seen: read again, refused before any merge", async () => {
    const { client, github } = await signedIn({ status: 200, body: {} });
    const error = await publishProposal(client, 7, "c".repeat(40)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HeadMovedError);
    expect((error as HeadMovedError).head).toBe(HEAD);
    expect(github.sent.some((s) => s.method === "PUT")).toBe(false);
    const moved = await signedIn({ status: 409, body: { message: "Head branch was modified. Review and try the merge again." } });
    expect(await publishProposal(moved.client, 7, HEAD).catch((e: unknown) => e)).toBeInstanceOf(HeadMovedError);
  });

  it("tells each refusal of GitHub's in French, with the next step", async () => {
    const cases: [string, string][] = [
      ["At least 1 approving review is required by reviewers with write access.", "review"],
      ['Required status check "Contenu" is failing.', "checks"],
      ["You're not authorized to push to this branch. Visit https://docs.github.com for more information.", "permission"],
      ["Pull Request is not mergeable", "conflict"],
    ];
    for (const [message, reason] of cases) {
      const error = (await refused(message)) as PublishRefusedError;
      expect(error).toBeInstanceOf(PublishRefusedError);
      expect(error.reason).toBe(reason);
      expect(error.message).toMatch(/^Rien n’a été publié\u00a0: /);
    }
    expect(((await refused('Required status check "Contenu" is failing.')) as Error).message).toContain("«\u00a0Contenu\u00a0»");
  });

  it("links to the changed page on the published site", () => {
    expect(pageAddress("https://renouer.github.io/site/", "/contact")).toBe("https://renouer.github.io/site/contact");
    expect(pageAddress("https://renouer.fr", "/")).toBe("https://renouer.fr/");
    expect(pageAddress("https://renouer.fr/", null)).toBe("https://renouer.fr/");
  });
});

describe("the texts of merging and publishing", () => {
  it("follow French typography", () => {
    for (const text of [...Object.values(PUBLISH), ...Object.values(CONFLICT)]) {
      expect(text, text).not.toMatch(/ [:;!?»]/);
      expect(text, text).not.toMatch(/« /);
      expect(text, text).not.toMatch(/'/);
    }
  });
});
