import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LIVE_CONTENT_EVENT } from "./live-content-event";

describe("live-content event name", () => {
  it("is the one the production build scans for (scripts/build.mjs refuses dev code)", () => {
    const build = readFileSync(path.resolve("scripts/build.mjs"), "utf8");
    expect(build).toContain(`const LIVE_CONTENT_EVENT = "${LIVE_CONTENT_EVENT}";`);
  });
});
