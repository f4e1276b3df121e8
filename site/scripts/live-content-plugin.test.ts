import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { LIVE_FILES_MAX_BYTES } from "../src/dev/live-content-event.ts";
import { MALFORMED_URL_TEXT, refuseMalformedUrl, withChangedFiles } from "./live-content-plugin.ts";

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  passedOn: boolean;
}

function ask(url: string): Answer {
  const answer: Answer = { status: 200, headers: {}, body: "", passedOn: false };
  const res = {
    set statusCode(code: number) {
      answer.status = code;
    },
    setHeader: (name: string, value: string) => void (answer.headers[name.toLowerCase()] = value),
    end: (body: string) => void (answer.body = body),
  } as unknown as ServerResponse;
  const next = vi.fn(() => void (answer.passedOn = true));
  refuseMalformedUrl()({ url } as IncomingMessage, res, next);
  return answer;
}

describe("the preview server and a malformed address", () => {
  it.each(["/data/%E0%A4%A", "/%", "/coaching/blog/%ZZ", "/data/routes/%C3.json"])(
    "answers %s with a plain 400 in French, no stack trace or path",
    (url) => {
      const answer = ask(url);
      expect(answer.status).toBe(400);
      expect(answer.passedOn).toBe(false);
      expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
      expect(answer.body).toBe(MALFORMED_URL_TEXT);
      expect(answer.body).not.toMatch(/\/work|\/home|at |Error/);
    },
  );

  it.each(["/", "/data/site.json", "/blog/%C3%A9crans", "/images/a%20b.png?x=%"])(
    "lets %s through",
    (url) => {
      const answer = ask(url);
      expect(answer.passedOn).toBe(true);
      expect(answer.status).toBe(200);
    },
  );
});

describe("the live event and the files it names", () => {
  const root = mkdtempSync(path.join(tmpdir(), "live-"));
  const folder = path.join(root, "public");
  mkdirSync(path.join(folder, "data", "routes", "blog"), { recursive: true });
  const put = (name: string, data: unknown) => writeFileSync(path.join(folder, name), JSON.stringify(data));
  put("data/site.json", { settings: { brand: "Renouer" } });
  put("data/routes/blog/un-article.json", { key: "blog/un-article" });
  writeFileSync(path.join(root, "secret.json"), "{}");
  const update = (changed: string[]) => ({ serial: 3, changed, diagnostics: [] });

  it("carries the data files it names, as they are on disk", () => {
    const changed = ["data/site.json", "data/routes/blog/un-article.json", "sitemap.xml"];
    expect(withChangedFiles(update(changed), folder)).toEqual({
      ...update(changed),
      files: { "data/site.json": { settings: { brand: "Renouer" } }, "data/routes/blog/un-article.json": { key: "blog/un-article" } },
    });
  });

  it("leaves out a deleted file and anything outside the build's public folder", () => {
    const changed = ["data/routes/supprime.json", "data/routes/../../secret.json"];
    expect(withChangedFiles(update(changed), folder).files).toEqual({});
  });

  it("leaves the rest to fetch past the size limit", () => {
    put("data/routes/grand.json", { text: "x".repeat(LIVE_FILES_MAX_BYTES) });
    const changed = ["data/routes/blog/un-article.json", "data/routes/grand.json", "data/site.json"];
    expect(Object.keys(withChangedFiles(update(changed), folder).files ?? {})).toEqual(["data/routes/blog/un-article.json"]);
  });
});
