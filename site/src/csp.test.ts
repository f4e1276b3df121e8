import { describe, expect, it } from "vitest";
import { allows, parsePolicy, policyOf, policyText } from "./csp";
import { PROVIDER_SOURCES } from "./behaviours/providers";
import { settings } from "./site";
import { realBundle } from "./test/render";

const policy = async (path: string, pixel = settings.providers.metaPixel.id) =>
  policyOf(await realBundle(path), { ...settings, providers: { ...settings.providers, metaPixel: { id: pixel, provisional: false } } });

describe("the Content-Security-Policy of a page", () => {
  it("allows a provider only on the page that shows it", async () => {
    const [home, ressource, appel] = await Promise.all([policy("/", null), policy("/ressource", null), policy("/appel", null)]);
    const mailerlite = PROVIDER_SOURCES.mailerlite["script-src"] ?? [];
    expect(mailerlite.length).toBeGreaterThan(0);
    for (const source of mailerlite) {
      expect(ressource["script-src"]).toContain(source);
      expect(home["script-src"]).not.toContain(source);
      expect(appel["script-src"]).not.toContain(source);
    }
    expect(appel["frame-src"]).toEqual(PROVIDER_SOURCES.calendly["frame-src"]);
    expect(home["frame-src"]).toEqual(["'none'"]);
    expect(home["object-src"]).toEqual(["'none'"]);
  });

  it("allows the pixel on every page once it has an id, and WebAssembly only where the search is", async () => {
    const withPixel = await policy("/contact", "1234567890123456");
    expect(withPixel["script-src"]).toContain("https://connect.facebook.net");
    expect((await policy("/contact", null))["script-src"]).not.toContain("https://connect.facebook.net");
    expect((await policy("/blog"))["script-src"]).toContain("'wasm-unsafe-eval'");
    expect((await policy("/contact"))["script-src"]).not.toContain("'wasm-unsafe-eval'");
  });

  it("reads back as written, and says when a page needs more than the loaded one allows", async () => {
    const [home, ressource] = await Promise.all([policy("/"), policy("/ressource")]);
    expect(parsePolicy(policyText(ressource))).toEqual(ressource);
    expect(allows(ressource, home)).toBe(true); // leaving /ressource: nothing more is needed
    expect(allows(home, ressource)).toBe(false); // entering it: MailerLite is not allowed yet
  });
});
