/**
 * A field named as `contenu check` names it, by its French label and its place
 * (« Bannière d’ouverture › Bouton 1 › Lien » for `{hero} actions[0].href`), never by its
 * key: tools/contenu/report/labels.py, whose tables are exported into
 * generated/model.gen.json; only how they are joined is written here (held to the Python
 * side by tests/pipeline/report/test_coach_words.py).
 */
import data from "./generated/model.gen.json" with { type: "json" };
import { suggest } from "../emulated/difflib.ts";
import { frenchTypography } from "../emulated/typography.ts";

const LABELS = data.labels;
const FIELDS: Record<string, string> = LABELS.fields;
const ITEMS: Record<string, string> = LABELS.items;
const CELLS: Record<string, string> = LABELS.cells;

const CELL_PREFIX = /^\{([^{}]*)\} */;
const SEGMENT = /^([^[\]]*)((?:\[[0-9]+\])*)$/;

/** The table's entry for a name, never a property every object has (`toString`). */
const own = (table: Record<string, string>, name: string): string | undefined =>
  Object.hasOwn(table, name) ? table[name] : undefined;
const quoted = (raw: string) => `« ${raw} »`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const fillIn = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** What a message calls the field `name`, to be put between « »: « Texte alternatif » for
 * `alt`; a name no model has (a mistyped key), as written. */
export function keyLabel(name: string): string {
  const label = own(FIELDS, name);
  return label ? frenchTypography(capital(label)) : name;
}

/** « ; vouliez-vous dire « Catégorie » (`category`) ? » for `categorie`, or "". */
export function keyHint(word: string, keys: Iterable<string>): string {
  const guess = suggest(word, keys);
  return guess === null ? "" : fillIn(LABELS.keyHint, { label: keyLabel(guess), key: guess });
}

function segment(part: string): string[] {
  const match = SEGMENT.exec(part);
  if (!match) return [quoted(part)];
  const name = match[1]!;
  const indexes = [...match[2]!.matchAll(/[0-9]+/g)].map((m) => Number(m[0]) + 1);
  if (!indexes.length) return name ? [own(FIELDS, name) || quoted(name)] : [];
  const rest = indexes.slice(1).map((i) => `${LABELS.element} ${i}`);
  const item = own(ITEMS, name);
  if (item === undefined) {
    const head = name ? own(FIELDS, name) || quoted(name) : LABELS.element;
    return [fillIn(LABELS.numbered, { name: head, n: indexes[0]! }), ...rest];
  }
  return [`${item} ${indexes[0]}`, ...rest];
}

/** The cell's label (null outside a cell) and the labels of the field's parts. */
export function placeOf(field: string): { cell: string | null; parts: string[] } {
  let rest = field.replace(/^ +| +$/g, "");
  let cell: string | null = null;
  const match = CELL_PREFIX.exec(rest);
  if (match) {
    const name = match[1]!;
    cell = frenchTypography(capital(own(CELLS, name) || fillIn(LABELS.unknownCell, { name: quoted(name) })));
    rest = rest.slice(match[0].length);
  }
  const parts = rest ? rest.split(".").flatMap(segment) : [];
  return { cell, parts: parts.map((part) => frenchTypography(capital(part))) };
}

/** « Carte mise en avant › Bouton 1 › Lien » for `{card} actions[0].href`; "" for "". */
export function fieldLabel(field: string): string {
  const { cell, parts } = placeOf(field);
  return (cell ? [cell, ...parts] : parts).join(LABELS.separator);
}
