import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { MALFORMED_URL_TEXT, refuseMalformedUrl } from "./live-content-plugin.ts";

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
