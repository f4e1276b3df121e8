import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, vi } from "vitest";
import { setSite } from "../site";
import { builtSite, staticFetch } from "./content";

// `waitFor` and `findBy…` wait for what a visitor would see: 1 s by default, too short on a
// machine busy with other work; a passing test waits only as long as its condition takes.
configure({ asyncUtilTimeout: 15_000 });

// In CI (`.ci/run` sets CI=true) every property draws the same examples at every run: a red
// pull request is its change's, never a new roll of the dice (as Hypothesis's « ci » profile,
// tests/pipeline/conftest.py). On a developer's machine each run draws new ones, and a failure
// prints the seed that replays it.
if (/^(1|true|yes)$/i.test(process.env.CI ?? "")) fc.configureGlobal({ seed: 20_261_128 });

setSite(builtSite());
vi.stubGlobal("fetch", staticFetch);

afterEach(() => {
  cleanup();
  if (typeof window !== "undefined") window.localStorage.clear();
});
