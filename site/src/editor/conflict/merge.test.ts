import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dataOf, parseDocument, serializeDocument, setProse, setValue, type EditorDocument, type Target } from "../core/index.ts";
import type { Path } from "../core/yaml-edit.ts";
import { mergeDocument, type Choices, type Merge } from "./merge.ts";

const PATH = "pages/tarifs.md";
const BASE = [
  "---",
  "title: Tarifs",
  "description: Nos accompagnements.",
  "---",
  "",
  "Intro.",
  "",
  "Deuxième paragraphe.",
  "Troisième ligne.",
  "",
  "```{cta}",
  "# le bouton du bas",
  "label: Réserver",
  "href: /contact",
  "```",
  "",
  "Fin.",
  "",
].join("\n");

const edit = (text: string, change: (doc: EditorDocument) => EditorDocument) => serializeDocument(change(parseDocument(PATH, text)));
const all = (merge: Merge, side: "ours" | "theirs"): Choices => Object.fromEntries(merge.conflicts.map((c) => [c.id, side]));

describe("a three-way merge of a content file", () => {
  it("keeps a colleague's change of another field of the same cell, asking nothing", () => {
    const ours = edit(BASE, (d) => setValue(d, 1, ["label"], "Prendre rendez-vous"));
    const theirs = edit(BASE, (d) => setValue(d, 1, ["href"], "/appel"));
    const merge = mergeDocument(PATH, BASE, ours, theirs);
    expect(merge.conflicts).toEqual([]);
    expect(merge.write()).toBe(BASE.replace("label: Réserver", "label: Prendre rendez-vous").replace("href: /contact", "href: /appel"));
  });

  it("asks for a field both changed differently, with both values, and writes exactly the one chosen", () => {
    const ours = edit(BASE, (d) => setValue(setValue(d, "frontmatter", ["title"], "Nos tarifs"), 1, ["label"], "Réserver un appel"));
    const theirs = edit(BASE, (d) => setValue(setValue(d, "frontmatter", ["title"], "Prix"), "frontmatter", ["description"], "Tout compris."));
    const merge = mergeDocument(PATH, BASE, ours, theirs);
    expect(merge.conflicts).toHaveLength(1);
    const [conflict] = merge.conflicts;
    expect(conflict).toMatchObject({ place: { kind: "frontmatter" }, path: ["title"] });
    expect(conflict!.ours).toEqual({ kind: "value", value: "Nos tarifs" });
    expect(conflict!.theirs).toEqual({ kind: "value", value: "Prix" });
    // Nothing is chosen for her: no file until every conflict has a choice.
    expect(() => merge.write()).toThrow(RangeError);
    const mine = parseDocument(PATH, merge.write(all(merge, "ours")));
    expect(dataOf(mine, "frontmatter")).toEqual({ title: "Nos tarifs", description: "Tout compris." });
    expect(dataOf(mine, 1)).toEqual({ label: "Réserver un appel", href: "/contact" });
    const hers = parseDocument(PATH, merge.write(all(merge, "theirs")));
    expect(dataOf(hers, "frontmatter")).toEqual({ title: "Prix", description: "Tout compris." });
    expect(dataOf(hers, 1)).toEqual({ label: "Réserver un appel", href: "/contact" });
  });

  it("merges a prose cell by line where the lines do not overlap, next to each other included", () => {
    const ours = BASE.replace("Deuxième paragraphe.", "Deuxième paragraphe, revu.");
    const theirs = BASE.replace("Troisième ligne.", "Troisième ligne, corrigée.").replace("Intro.", "Introduction.");
    const merge = mergeDocument(PATH, BASE, ours, theirs);
    expect(merge.conflicts).toEqual([]);
    expect(merge.write()).toBe(
      BASE.replace("Deuxième paragraphe.", "Deuxième paragraphe, revu.").replace("Troisième ligne.", "Troisième ligne, corrigée.").replace("Intro.", "Introduction."),
    );
  });

  it("asks for a passage both rewrote, and only that passage", () => {
    const ours = BASE.replace("Deuxième paragraphe.", "Le sien.").replace("Fin.", "Fin, revue.");
    const theirs = BASE.replace("Deuxième paragraphe.", "Celui de la collègue.");
    const merge = mergeDocument(PATH, BASE, ours, theirs);
    expect(merge.conflicts.map((c) => [c.place.kind, c.ours, c.theirs])).toEqual([
      ["prose", { kind: "text", text: "Le sien." }, { kind: "text", text: "Celui de la collègue." }],
    ]);
    expect(merge.write(all(merge, "theirs"))).toBe(BASE.replace("Deuxième paragraphe.", "Celui de la collègue.").replace("Fin.", "Fin, revue."));
  });

  it("keeps a cell one side added and a field the other changed; asks when a removed cell was changed", () => {
    const theirs = edit(BASE, (d) => setValue(d, 1, ["href"], "/appel")).replace("Fin.", "Fin.\n\n```{cta}\nlabel: Écrire\nhref: /contact\n```");
    const ours = BASE.replace("```{cta}\n# le bouton du bas\nlabel: Réserver\nhref: /contact\n```\n\n", "").replace("Intro.", "Intro revue.");
    const merge = mergeDocument(PATH, BASE, ours, theirs);
    expect(merge.conflicts).toHaveLength(1);
    expect(merge.conflicts[0]).toMatchObject({ place: { kind: "cell", type: "cta", ours: null, theirs: 1 }, ours: { kind: "cell", cell: null } });
    const removed = merge.write(all(merge, "ours"));
    expect(removed).toContain("Intro revue.");
    expect(removed).not.toContain("Réserver");
    expect(removed).toContain("label: Écrire");
    const kept = merge.write(all(merge, "theirs"));
    expect(kept).toContain("href: /appel");
    expect(kept).toContain("label: Écrire");
  });

  it("gives the other version when hers did not change, and hers when theirs did not", () => {
    const ours = BASE.replace("Fin.", "Fin !");
    expect(mergeDocument(PATH, BASE, ours, BASE).write()).toBe(ours);
    expect(mergeDocument(PATH, BASE, BASE, ours).write()).toBe(ours);
    expect(mergeDocument(PATH, null, ours, ours).write()).toBe(ours);
  });
});

// --------------------------------------------------------------------------- properties

const word = fc.constantFrom("Tarifs", "séance", "Écrivez-nous", "rendez-vous", "l’atelier", "parents", "café", "Claire");
const phrase = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(" "));
/** Values the YAML writer must quote or write on lines of their own. */
const awkward = fc.constantFrom("3", "true", "a: b", "« guillemets »", "#x", "", " espace", "deux\nlignes", "2024-09-01");
const value = fc.oneof({ weight: 4, arbitrary: phrase }, { weight: 1, arbitrary: awkward });

type CellSpec = { kind: "prose"; lines: string[] } | { kind: "cta"; label: string; href: string } | { kind: "hero"; title: string; actions: string[] };

const cellSpec: fc.Arbitrary<CellSpec> = fc.oneof(
  fc.array(phrase, { minLength: 1, maxLength: 5 }).map((lines) => ({ kind: "prose" as const, lines })),
  fc.record({ kind: fc.constant("cta" as const), label: value, href: fc.constantFrom("/contact", "/tarifs") }),
  fc.record({ kind: fc.constant("hero" as const), title: value, actions: fc.array(phrase, { minLength: 1, maxLength: 3 }) }),
);

const quote = (text: string) => JSON.stringify(text);

/** A file written as a coach's would be: double quotes where the value needs them. */
function fileOf(title: string, description: string, cells: CellSpec[]): string {
  let n = 0;
  const body = cells.map((cell) => {
    // Lines unique in the file: the alignment has one right answer.
    if (cell.kind === "prose") return cell.lines.map((line, i) => (i === 1 ? "" : `${line} ${++n}.`)).join("\n");
    if (cell.kind === "cta") return `\`\`\`{cta}\nlabel: ${quote(cell.label)}\nhref: ${cell.href}\n\`\`\``;
    const actions = cell.actions.map((label, i) => `  - label: ${quote(label)}\n    href: /page-${i}`).join("\n");
    return `\`\`\`{hero}\n# la bannière\ntitle: ${quote(cell.title)}\nactions:\n${actions}\n\`\`\``;
  });
  return `---\ntitle: ${quote(title)}\ndescription: ${quote(description)}\n---\n\n${body.join("\n\n")}\n`;
}

const baseFile = fc.tuple(value, value, fc.array(cellSpec, { minLength: 1, maxLength: 5 })).map(([t, d, cells]) => fileOf(t, d, cells));

/** A place one side may change: a field of the frontmatter or of a cell, or a prose line. */
type Slot = { target: Target; path: Path } | { prose: number; line: number };

function slotsOf(doc: EditorDocument): Slot[] {
  const slots: Slot[] = [{ target: "frontmatter", path: ["title"] }, { target: "frontmatter", path: ["description"] }];
  doc.cells.forEach((cell, i) => {
    if (cell.kind === "prose") {
      cell.markdown.split("\n").forEach((line, k) => {
        if (line.trim()) slots.push({ prose: i, line: k });
      });
    } else if (cell.type === "cta") slots.push({ target: i, path: ["label"] }, { target: i, path: ["href"] });
    else {
      slots.push({ target: i, path: ["title"] });
      const actions = (dataOf(doc, i) as { actions: unknown[] }).actions;
      actions.forEach((_, j) => slots.push({ target: i, path: ["actions", j, "label"] }));
    }
  });
  return slots;
}

function applyEdit(doc: EditorDocument, slot: Slot, text: string): EditorDocument {
  if ("prose" in slot) {
    const cell = doc.cells[slot.prose]!;
    const lines = (cell.kind === "prose" ? cell.markdown : "").split("\n");
    lines[slot.line] = text;
    return setProse(doc, slot.prose, lines.join("\n"));
  }
  return setValue(doc, slot.target, slot.path, text);
}

function read(doc: EditorDocument, slot: Slot): unknown {
  if ("prose" in slot) {
    const cell = doc.cells[slot.prose]!;
    return cell.kind === "prose" ? cell.markdown.split("\n")[slot.line] : undefined;
  }
  let node = dataOf(doc, slot.target);
  for (const key of slot.path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

/** A base file and edits of some of its places: by her, by the colleague, or by both. */
const scenario = baseFile.chain((base) => {
  const slots = slotsOf(parseDocument(PATH, base));
  const who = fc.constantFrom("none", "none", "ours", "theirs", "both");
  return fc.record({
    base: fc.constant(base),
    slots: fc.constant(slots),
    plan: fc.array(fc.tuple(who, value, value), { minLength: slots.length, maxLength: slots.length }),
  });
});

function sides({ base, slots, plan }: { base: string; slots: Slot[]; plan: [string, string, string][] }) {
  let ours = parseDocument(PATH, base);
  let theirs = parseDocument(PATH, base);
  slots.forEach((slot, i) => {
    const [who, mine, other] = plan[i]!;
    // A prose line is one line: no line break, unique in the file.
    const line = (text: string, tag: string) => ("prose" in slot ? `${text.replace(/\n/g, " ")} ${tag}${i}.` : text);
    // Typing a field's own value again is no edit: the file keeps its bytes (a value written
    // in another YAML style is the same value, and the merge owes it no byte-for-byte copy).
    const edit = (doc: EditorDocument, text: string) => (read(doc, slot) === text ? doc : applyEdit(doc, slot, text));
    if (who === "ours" || who === "both") ours = edit(ours, line(mine, "o"));
    if (who === "theirs" || who === "both") theirs = edit(theirs, line(other, "t"));
  });
  return { ours: serializeDocument(ours), theirs: serializeDocument(theirs) };
}

function readsBack(text: string): boolean {
  const doc = parseDocument(PATH, text);
  const blocks = [doc.frontmatter?.yaml, ...doc.cells.map((c) => (c.kind === "cell" ? c.yaml : undefined))];
  return serializeDocument(doc) === text && blocks.every((yaml) => !yaml || yaml.errors.length === 0);
}

describe("the merge's properties", () => {
  it("gives back the one side that changed: merge(b, x, b) = x, merge(b, b, y) = y, merge(b, x, x) = x", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { ours, theirs } = sides(s);
        expect(mergeDocument(PATH, s.base, ours, s.base).write()).toBe(ours);
        expect(mergeDocument(PATH, s.base, s.base, theirs).write()).toBe(theirs);
        expect(mergeDocument(PATH, s.base, theirs, theirs).write()).toBe(theirs);
      }),
      { numRuns: 200 },
    );
  });

  it("never loses a change only the colleague made, asks exactly for the places both changed, writes what is chosen", () => {
    fc.assert(
      fc.property(scenario, fc.infiniteStream(fc.boolean()), (s, coins) => {
        const { ours, theirs } = sides(s);
        const merge = mergeDocument(PATH, s.base, ours, theirs);
        const base = parseDocument(PATH, s.base);
        const mine = parseDocument(PATH, ours);
        const other = parseDocument(PATH, theirs);
        const changed = (slot: Slot) => [mine, other].map((doc) => read(doc, slot) !== read(base, slot));
        const contested = s.slots.filter((slot) => changed(slot).every(Boolean) && read(mine, slot) !== read(other, slot));
        const fields = (slots: Slot[]) => slots.filter((slot) => !("prose" in slot));
        // A field is one question; prose lines both rewrote are asked by passage.
        const asked = merge.conflicts.filter((c) => c.place.kind !== "prose");
        expect(asked).toHaveLength(fields(contested).length);
        const contestedCells = new Set(contested.flatMap((slot) => ("prose" in slot ? [slot.prose] : [])));
        const askedCells = new Set(merge.conflicts.flatMap((c) => (c.place.kind === "prose" ? [c.place.ours] : [])));
        expect(askedCells).toEqual(contestedCells);
        const flips = coins.take(merge.conflicts.length);
        const choices: Record<string, "ours" | "theirs"> = {};
        for (const c of merge.conflicts) choices[c.id] = flips.next().value ? "theirs" : "ours";
        const text = merge.write(choices);
        expect(readsBack(text)).toBe(true);
        const merged = parseDocument(PATH, text);
        expect(merged.cells.length).toBe(base.cells.length);
        for (const slot of s.slots) {
          const [b, o, t, m] = [base, mine, other, merged].map((doc) => read(doc, slot));
          if ("prose" in slot && askedCells.has(slot.prose)) expect([b, o, t]).toContainEqual(m);
          else if (o === b) expect(m).toEqual(t); // hers untouched: the colleague's value
          else if (t === b || t === o) expect(m).toEqual(o); // only hers changed: hers
          else expect([o, t]).toContainEqual(m); // both: one of the two, as chosen
        }
        // Each conflict wrote the side chosen for it.
        for (const c of merge.conflicts) {
          if (c.place.kind === "frontmatter" || c.place.kind === "cell") {
            const target = c.place.kind === "frontmatter" ? "frontmatter" : c.place.ours!;
            const version = choices[c.id] === "ours" ? c.ours : c.theirs;
            expect(read(merged, { target, path: c.path })).toEqual(version.kind === "value" ? version.value : undefined);
          }
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it("writes her untouched lines byte for byte: the colleague's edits applied to her file give the merge", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        // Only disjoint places: no question, and one right answer.
        const plan = s.plan.map(([who, a, b]) => [who === "both" ? "none" : who, a, b] as [string, string, string]);
        const { ours, theirs } = sides({ ...s, plan });
        const merge = mergeDocument(PATH, s.base, ours, theirs);
        expect(merge.conflicts).toEqual([]);
        let expected = parseDocument(PATH, ours);
        s.slots.forEach((slot, i) => {
          const [who, , other] = plan[i]!;
          const line = "prose" in slot ? `${other.replace(/\n/g, " ")} t${i}.` : other;
          if (who === "theirs" && read(expected, slot) !== line) expected = applyEdit(expected, slot, line);
        });
        expect(merge.write()).toBe(serializeDocument(expected));
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
