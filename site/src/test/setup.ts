import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { setSite } from "../site";
import { builtSite, staticFetch } from "./content";

// `waitFor` and `findBy…` wait for what a visitor would see: 1 s by default, too short on a
// machine busy with other work; a passing test waits only as long as its condition takes.
configure({ asyncUtilTimeout: 15_000 });

setSite(builtSite());
vi.stubGlobal("fetch", staticFetch);

afterEach(() => {
  cleanup();
  if (typeof window !== "undefined") window.localStorage.clear();
});
