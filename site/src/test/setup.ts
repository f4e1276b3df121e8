import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { setSite } from "../site";
import { builtSite, staticFetch } from "./content";

setSite(builtSite());
vi.stubGlobal("fetch", staticFetch);

afterEach(() => {
  cleanup();
  if (typeof window !== "undefined") window.localStorage.clear();
});
