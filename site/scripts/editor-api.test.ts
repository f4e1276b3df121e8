// @vitest-environment node
// The editor's local file API over real HTTP: what the coach's own editor page may do, and
// what any other page, or a request without the run's token, may not.
import { mkdtemp, mkdir, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import model from "../src/editor/generated/content-model.gen.json" with { type: "json" };
import { french } from "../src/editor/server-texts.ts";
import { textVersion } from "../src/editor/text-version.ts";
import { TOKEN_HEADER, editorApi } from "./editor-api.ts";

const TOKEN = "jeton-de-test";
const ORIGINAL = "---\ntitle: Accueil\n---\n\nBonjour.\n";
let root: string;
let content: string;
let server: Server;
let origin: string;

beforeEach(async () => {
  vi.unstubAllGlobals(); // the site's tests answer fetch from the build; these use the network
  root = await mkdtemp(path.join(tmpdir(), "carnet-api-"));
  content = path.join(root, "content");
  await mkdir(path.join(content, "pages"), { recursive: true });
  await mkdir(path.join(content, "images"), { recursive: true });
  await writeFile(path.join(content, "pages", "index.md"), ORIGINAL);
  await writeFile(path.join(root, "secret.md"), "secret");
  server = createServer((req, res) => editorApi(content, TOKEN, () => "/")(req as never, res, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

function write(files: unknown[], headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin}/editeur/api/ecrire`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, [TOKEN_HEADER]: TOKEN, ...headers },
    body: JSON.stringify({ files }),
  });
}

async function refusal(response: Response): Promise<string> {
  expect(response.ok).toBe(false);
  return ((await response.json()) as { message: string }).message;
}

const index = () => readFile(path.join(content, "pages", "index.md"), "utf8");

describe("the editor's local file API", () => {
  it("lists, reads and writes a file of content/ for the editor's page", async () => {
    const headers = { [TOKEN_HEADER]: TOKEN };
    const list = await (await fetch(`${origin}/editeur/api/fichiers`, { headers })).json();
    expect(list.files).toEqual([{ path: "pages/index.md", size: ORIGINAL.length }]);
    const read = await fetch(`${origin}/editeur/api/fichier?chemin=pages/index.md`, { headers });
    expect(await read.text()).toBe(ORIGINAL);

    const changed = ORIGINAL.replace("Accueil", "Bienvenue");
    const response = await write([{ path: "pages/index.md", text: changed, base: await textVersion(ORIGINAL) }]);
    expect(await response.json()).toEqual({ written: ["pages/index.md"] });
    expect(await index()).toBe(changed);
    // Atomic: no temp file left beside it.
    expect(await readdir(path.join(content, "pages"))).toEqual(["index.md"]);
  });

  it("adds an image under content/images/, in a new folder if need be", async () => {
    const png = Buffer.from("89504e470d0a1a0a", "hex").toString("base64");
    expect((await write([{ path: "images/ateliers/photo.png", base64: png, create: true }])).ok).toBe(true);
    expect((await readFile(path.join(content, "images", "ateliers", "photo.png"))).toString("hex")).toBe("89504e470d0a1a0a");
  });

  it("refuses a request from another site", async () => {
    const message = await refusal(await write([{ path: "pages/index.md", text: "piraté" }], { origin: "https://evil.example" }));
    expect(message).toContain("autre origine");
    const crossSite = await write([{ path: "pages/index.md", text: "piraté" }], { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await index()).toBe(ORIGINAL);
  });

  it("refuses a write without an Origin header", async () => {
    const response = await fetch(`${origin}/editeur/api/ecrire`, {
      method: "POST",
      headers: { [TOKEN_HEADER]: TOKEN },
      body: JSON.stringify({ files: [{ path: "pages/index.md", text: "x" }] }),
    });
    expect(response.status).toBe(403);
    expect(await index()).toBe(ORIGINAL);
  });

  it("refuses a request without the run's token, or with another one", async () => {
    const missing = await write([{ path: "pages/index.md", text: "x" }], { [TOKEN_HEADER]: "" });
    expect(await refusal(missing)).toContain("jeton");
    expect((await write([{ path: "pages/index.md", text: "x" }], { [TOKEN_HEADER]: "autre" })).status).toBe(403);
    expect((await fetch(`${origin}/editeur/api/fichiers`)).status).toBe(403);
    expect(await index()).toBe(ORIGINAL);
  });

  it("refuses a host name other than localhost (DNS rebinding)", async () => {
    // fetch() may not set Host: a plain request does, as a rebound DNS name would.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const { port } = new URL(origin);
      const headers = { [TOKEN_HEADER]: TOKEN, host: `evil.example:${port}` };
      request({ host: "127.0.0.1", port, path: "/editeur/api/fichiers", headers }, (answer) => {
        answer.resume();
        resolve(answer.statusCode);
      })
        .on("error", reject)
        .end();
    });
    expect(status).toBe(403);
  });

  it.each([
    ["../secret.md", "« .. »"],
    ["pages/../../secret.md", "« .. »"],
    ["/etc/passwd", "relatif"],
    ["pages/.cache.md", "cachés"],
    ["pages/sub/x.md", "ne lit pas"],
    ["notes.txt", "ne lit pas"],
    ["images/script.js", "ne lit pas"],
    ["pages/a\u0000.md", "caractère de contrôle"],
  ])("refuses the path %s", async (rel, words) => {
    expect(await refusal(await write([{ path: rel, text: "x" }]))).toContain(french(words));
    expect(await readFile(path.join(root, "secret.md"), "utf8")).toBe("secret");
  });

  it("refuses to read outside content/", async () => {
    const response = await fetch(`${origin}/editeur/api/fichier?chemin=../secret.md`, { headers: { [TOKEN_HEADER]: TOKEN } });
    expect(response.status).toBe(400);
  });

  it("refuses a symbolic link, to a file or on the way", async () => {
    await symlink(path.join(root, "secret.md"), path.join(content, "pages", "lien.md"));
    expect(await refusal(await write([{ path: "pages/lien.md", text: "x" }]))).toContain("lien symbolique");
    await symlink(root, path.join(content, "articles"));
    expect(await refusal(await write([{ path: "articles/secret.md", text: "x" }]))).toContain("lien symbolique");
    expect(await readFile(path.join(root, "secret.md"), "utf8")).toBe("secret");
  });

  it("refuses a file over the pipeline's size limit, and writes nothing of the request", async () => {
    const big = "x".repeat(model.limits.markdownBytes + 1);
    const base = await textVersion(ORIGINAL);
    const message = await refusal(await write([{ path: "pages/index.md", text: "petit", base }, { path: "pages/gros.md", text: big, create: true }]));
    expect(message).toContain("1 Mo au maximum");
    expect(await index()).toBe(ORIGINAL);
    expect(await readdir(path.join(content, "pages"))).toEqual(["index.md"]);
  });

  it("refuses to create a file that exists (a new document)", async () => {
    expect(await refusal(await write([{ path: "pages/index.md", text: "x", create: true }]))).toContain("existe déjà");
    expect(await refusal(await write([{ path: "pages/index.md", text: "x", base: null }]))).toContain("a changé");
  });

  it("refuses the second of two saves made on the same version: nothing is overwritten", async () => {
    const base = await textVersion(ORIGINAL);
    const first = await write([{ path: "pages/index.md", text: ORIGINAL.replace("Bonjour", "Premier"), base }]);
    expect(first.status).toBe(200);
    const second = await write([{ path: "pages/index.md", text: ORIGINAL.replace("Bonjour", "Second"), base }]);
    expect(second.status).toBe(409);
    const body = (await second.json()) as { message: string; reason: string };
    expect(body.reason).toBe("changed");
    expect(body.message).toBe(french("le fichier content/pages/index.md a changé depuis que vous l’avez ouvert (enregistré ailleurs entre-temps) ; rien n’a été écrit"));
    expect(await index()).toContain("Premier");
    // Made on the version the first save wrote, the next one goes through.
    const next = await write([{ path: "pages/index.md", text: "Troisième", base: await textVersion(await index()) }]);
    expect(next.status).toBe(200);
  });

  it("refuses to replace a file without the version the change was made on", async () => {
    const response = await write([{ path: "pages/index.md", text: "sans version" }]);
    expect(response.status).toBe(428);
    expect(await index()).toBe(ORIGINAL);
  });

  it("compares versions as the browser reads the file (a BOM, invalid UTF-8)", async () => {
    await writeFile(path.join(content, "pages", "index.md"), Buffer.concat([Buffer.from("\ufeff---\ntitle: é"), Buffer.from([0xff]), Buffer.from("\n---\n")]));
    const read = await fetch(`${origin}/editeur/api/fichier?chemin=pages/index.md`, { headers: { [TOKEN_HEADER]: TOKEN } });
    const response = await write([{ path: "pages/index.md", text: "x", base: await textVersion(await read.text()) }]);
    expect(response.status).toBe(200);
  });

  it("writes its refusals with French typography", async () => {
    const message = await refusal(await write([{ path: "../x.md", text: "x" }]));
    expect(message).toMatch(/«\u00a0\.\.\u00a0»/);
    expect(message).not.toMatch(/ :/);
  });
});
