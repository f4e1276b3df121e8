// The cell preview draws only the schema's keys of a cell and only sanitised HTML: a `{faq}`
// cell planted with an `entries` key (refused by `contenu check`, so it reaches the carnet
// only through a merged red pull request or a planted pending file) draws nothing of it.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { preloadCells } from "../../components/cell-registry.ts";
import type { Cell } from "../../types.ts";
import { CellPreview, overlay } from "./CellPreview.tsx";
import { ALLOW_LIST, sanitiseHtml } from "./sanitise.ts";

const BUILT_FAQ = {
  type: "faq",
  anchor: null,
  title: "Questions",
  intro: null,
  items: null,
  entries: [{ id: "prix", order: 1, question: "Combien ?", answer: "<p>Voir les tarifs.</p>" }],
};

const HOSTILE = [
  '<meta http-equiv="refresh" content="0;url=https://phishing.example/">',
  '<iframe srcdoc="<script src=/autre-depot/x.js></script>"></iframe>',
  "<img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">a</a>',
  '<a href=" JaVa\tscript:alert(1)">a</a>',
  "<svg><script>alert(1)</script></svg>",
  '<form action="https://evil.example"><input name=q></form>',
  "<style>body{display:none}</style>",
  '<div style="position:fixed">x</div>',
  '<td style="text-align:center;background:url(https://evil.example)">x</td>',
  "<math><mi xlink:href=javascript:alert(1)>x</mi></math>",
  "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
].join("");

describe("the cell preview", () => {
  it("takes only the schema's keys of a cell from the file", () => {
    const typed = { type: "faq", title: "Nouveau titre", entries: [{ answer: HOSTILE, question: "?" }], html: HOSTILE };
    const cell = overlay(BUILT_FAQ, typed) as typeof BUILT_FAQ;
    expect(cell.title).toBe("Nouveau titre");
    expect(cell.entries).toEqual(BUILT_FAQ.entries);
    expect(cell).not.toHaveProperty("html");
  });

  it("keeps nested values only where the schema has them", () => {
    const typed = { type: "hero", title: "T", actions: [{ label: "L", href: "/contact", onclick: "x" }] };
    const cell = overlay({ type: "hero" }, typed) as { actions: Record<string, unknown>[] };
    expect(cell.actions).toHaveLength(1);
    expect(cell.actions[0]).toMatchObject({ label: "L", href: "/contact" });
    expect(cell.actions[0]).not.toHaveProperty("onclick");
  });

  it("fills what the model fills when a key is left out, as the build's data has it", () => {
    // A card typed in a page never built: no base to lay it on; the site's component meets
    // the defaults the build would write (a style, an empty list of buttons).
    const cell = overlay({}, { type: "card", title: "T" }) as Record<string, unknown>;
    expect(cell).toMatchObject({ type: "card", title: "T", tone: "default", actions: [] });
  });

  it("draws HTML of the build's data only once sanitised", async () => {
    const built = { ...BUILT_FAQ, entries: [{ ...BUILT_FAQ.entries[0], answer: `<p>Réponse</p>${HOSTILE}` }] };
    await preloadCells([built as unknown as Cell]);
    const { container } = render(<CellPreview cell={built as unknown as Cell} />);
    expect(await screen.findByText("Réponse")).toBeInTheDocument();
    const answer = container.querySelector(".faq__answer");
    expect(answer?.textContent).toContain("Réponse");
    expect(answer?.querySelector("meta, iframe, script, svg, math, form, style, input, [onerror]")).toBeNull();
    expect(answer?.querySelector('a[href^="javascript"], a[href*="script:"]')).toBeNull();
  });
});

describe("the carnet's sanitiser", () => {
  it("keeps nothing outside the build's allow-list", () => {
    const holder = document.createElement("div");
    holder.innerHTML = sanitiseHtml(HOSTILE);
    const allowed = new Set(ALLOW_LIST.tags);
    for (const element of Array.from(holder.querySelectorAll("*"))) {
      expect(allowed.has(element.localName)).toBe(true);
      const names = new Set([...(ALLOW_LIST.attributes[element.localName] ?? []), ...ALLOW_LIST.genericAttributes, "rel"]);
      for (const attribute of Array.from(element.attributes)) expect(names.has(attribute.name)).toBe(true);
    }
    expect(holder.innerHTML).not.toMatch(/script:|url\(|position/i);
  });

  it("leaves the build's own HTML as it is", () => {
    const built =
      '<h2 id="nos-tarifs">Nos tarifs</h2><p>Un <a href="/contact">lien</a>, un <a href="https://example.org" rel="noopener noreferrer">autre</a>' +
      ' et <img src="/images/a.png" alt="A" width="3"> ; <code>&lt;b&gt;</code>.</p><table><thead><tr><th style="text-align:center">a</th></tr></thead></table>';
    expect(sanitiseHtml(built)).toBe(built);
  });
});
