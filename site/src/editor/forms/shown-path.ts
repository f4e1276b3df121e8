// Where the form shows a message about a path of a value: at the deepest field it draws.
import type { Path } from "../core/index.ts";
import { kindOf } from "../fields/registry.ts";
import { propertiesOf, resolve, unwrapOptional, type Schema } from "./schema.ts";

/** The longest start of `path` that the form shows as a field of `root` (a key it does not
 * know, a list item's own index, a field it skips: its parent), so that a message put at a
 * path is always shown (`[]`: at the part as a whole). */
export function shownPath(path: Path, root: Schema, skip: readonly string[] = []): Path {
  const shown: (string | number)[] = [];
  let schema = unwrapOptional(root, root).schema;
  let skipped = skip;
  for (let at = 0; at < path.length; at++) {
    const key = path[at]!;
    const property = propertiesOf(schema).find(([name]) => name === key && !skipped.includes(name));
    if (!property) break;
    shown.push(key);
    let field = unwrapOptional(property[1], root).schema;
    let kind = kindOf(field);
    if (kind.inside === "items" && typeof path[at + 1] === "number") {
      const item = unwrapOptional(resolve((field.items as Schema | undefined) ?? {}, root), root).schema;
      const itemKind = kindOf(item);
      if (!itemKind.inside || itemKind.inside === "items") break;
      if (at + 2 >= path.length) break; // the item as a whole: its list
      shown.push(path[++at]!);
      field = item;
      kind = itemKind;
    }
    if (!kind.inside || kind.inside === "items") break;
    schema = field;
    skipped = kind.inside.fields;
  }
  if (typeof shown[shown.length - 1] === "number") shown.pop();
  return shown;
}
