/** A merge conflict as the notebook's form shows that field: its French label (the form's
 * own, from the model's schemas), where it is (the frontmatter, « Cellule 3 · Carte »), and
 * each version as readable text, never YAML. */

import { SCHEMAS, cellType, collectionOf, type JsonSchema } from "../core/index.ts";
import { PyFloat, pyDataOf, type PyValue } from "../emulated/pyyaml.ts";
import { itemLabelOf, labelOf, propertiesOf, resolve, unwrapOptional, type Schema } from "../forms/schema.ts";
import { CONFLICT, conflictText } from "./conflict-texts.ts";
import type { FieldValue } from "./field-merge.ts";
import type { Conflict, Version } from "./merge.ts";

export interface ShownConflict {
  id: string;
  /** The field's label: the name of its group of choices. */
  label: string;
  /** Where the field is: « En-tête du document », « Cellule 2 · Formulaire de contact › Boutons ». */
  where: string;
  ours: string;
  theirs: string;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function schemaOf(path: string, conflict: Conflict): Schema | null {
  const place = conflict.place;
  const key = place.kind === "frontmatter" ? collectionOf(path).kind?.schema : place.kind === "cell" ? cellType(place.type)?.schema : undefined;
  return key ? ((SCHEMAS[key] as JsonSchema | undefined) ?? null) : null;
}

/** The label of each step of `path` in `root`, as the form names them. */
function labelsAlong(path: readonly (string | number)[], root: Schema | null): string[] {
  const labels: string[] = [];
  let schema: Schema | null = root ? unwrapOptional(root, root).schema : null;
  let listKey = "";
  for (const key of path) {
    if (typeof key === "number") {
      const item = itemLabelOf(listKey);
      labels.push(conflictText("item", { item: capital(item ?? labels[labels.length - 1] ?? ""), n: key + 1 }));
      continue;
    }
    const property = schema ? propertiesOf(schema).find(([name]) => name === key)?.[1] : undefined;
    labels.push(labelOf(key, property ?? {}));
    listKey = key;
    if (!property || !root) {
      schema = null;
      continue;
    }
    // A group of fields (an object, an image) or a list of them: the labels inside it.
    const field = unwrapOptional(property, root).schema;
    const inside = field.type === "array" ? resolve((field.items as Schema | undefined) ?? {}, root) : field;
    schema = unwrapOptional(inside, root).schema.properties ? unwrapOptional(inside, root).schema : null;
  }
  return labels;
}

/** A value as the form shows it: text as typed, yes or no, and a list or a group of fields
 * as its lines (« Libellé : valeur »). */
export function shownValue(value: FieldValue | PyValue, root: Schema | null = null, path: (string | number)[] = []): string {
  if (value === undefined) return CONFLICT.absent;
  if (value === null || value === "") return CONFLICT.empty;
  if (typeof value === "boolean") return value ? CONFLICT.yes : CONFLICT.no;
  if (typeof value === "number" || value instanceof PyFloat) return String(value).replace(".", ",");
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    return value.map((item, i) => `${labelsAlong([...path, i], root).pop()}\n${indent(shownValue(item, root, [...path, i]))}`).join("\n");
  }
  return Object.entries(value)
    .map(([key, field]) => {
      const label = labelsAlong([...path, key], root).pop() ?? key;
      const shown = shownValue(field, root, [...path, key]);
      return shown.includes("\n") ? `${label}\n${indent(shown)}` : conflictText("pair", { label, value: shown });
    })
    .join("\n");
}

const indent = (text: string) => text.replace(/^/gm, "  ");

function shownVersion(version: Version, root: Schema | null, path: (string | number)[], deleted: string): string {
  if (version.kind === "text") return version.text;
  if (version.kind === "value") return shownValue(version.value, root, path);
  const cell = version.cell;
  if (!cell) return deleted;
  return cell.kind === "prose" ? cell.markdown : shownValue(pyDataOf(cell.yaml), root, []);
}

function placeOf(conflict: Conflict, trail: string[]): string {
  const place = conflict.place;
  if (place.kind === "frontmatter") return [CONFLICT.frontmatter, ...trail].join(CONFLICT.path);
  if (place.kind === "file") return CONFLICT.passage;
  const index = place.ours ?? place.theirs ?? 0;
  const type = place.kind === "prose" ? CONFLICT.prose : (cellType(place.type)?.label ?? place.type);
  const cell = conflictText("cell", { n: index + 1, type });
  const where = [cell, ...trail].join(CONFLICT.path);
  return place.ours === null || place.theirs === null ? conflictText("removedHere", { place: where }) : where;
}

export function showConflict(path: string, conflict: Conflict): ShownConflict {
  const root = schemaOf(path, conflict);
  const fieldPath = [...conflict.path];
  const labels = labelsAlong(fieldPath, root);
  const place = conflict.place;
  const whole =
    place.kind === "frontmatter"
      ? CONFLICT.frontmatter
      : place.kind === "cell"
        ? (cellType(place.type)?.label ?? place.type)
        : place.kind === "prose"
          ? CONFLICT.prose
          : CONFLICT.passage;
  return {
    id: conflict.id,
    label: labels[labels.length - 1] ?? whole,
    where: placeOf(conflict, labels.slice(0, -1)),
    ours: shownVersion(conflict.ours, root, fieldPath, CONFLICT.removedCell),
    theirs: shownVersion(conflict.theirs, root, fieldPath, CONFLICT.removedCell),
  };
}
