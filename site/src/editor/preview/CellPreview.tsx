// A cell as the site draws it: the site's own component (from its cell registry) and CSS.
// A cell unchanged since the last build is shown from the build's data (Markdown rendered
// and sanitised by the pipeline, variables and typography applied); a changed component
// cell is drawn from the form's values laid over it, as the coach types. Only what the cell's
// schema names is taken from the file (a key it does not know, such as `entries`, could
// otherwise put the file's HTML where the build puts its own), and every HTML field is
// sanitised again before it is drawn (sanitise.ts).
import { Component, Suspense, useMemo, type ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { useCellComponent } from "../../components/cell-registry.ts";
import "../../components/cells/styles.css";
import type { Cell, CellType } from "../../types.ts";
import { SCHEMAS, type JsonSchema } from "../core/index.ts";
import { t } from "../texts.ts";
import { sanitiseCell } from "./sanitise.ts";

class Boundary extends Component<{ children: ReactNode; reset: unknown }, { failed: boolean; reset: unknown }> {
  state = { failed: false, reset: undefined as unknown };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { reset: unknown }, state: { failed: boolean; reset: unknown }) {
    return props.reset === state.reset ? null : { failed: false, reset: props.reset };
  }
  render() {
    return this.state.failed ? <p className="carnet-preview__none">{t("previewFailed")}</p> : this.props.children;
  }
}

function Drawn({ cell }: { cell: Cell }) {
  const View = useCellComponent(cell.type as CellType);
  const safe = useMemo(() => sanitiseCell(cell), [cell]);
  // eslint-disable-next-line react-hooks/static-components -- looked up in the site's registry
  return <View cell={safe as never} />;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === "object" && !Array.isArray(value);

/** The part of `value` that `schema` describes (`root` holds its `$defs`): an object keeps
 * only the schema's properties, a list its items' part; undefined where the shapes differ. */
export function schemaPart(value: unknown, schema: JsonSchema | undefined, root: JsonSchema): unknown {
  if (!schema) return undefined;
  const ref = typeof schema.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
  if (ref) return schemaPart(value, (root.$defs as Record<string, JsonSchema> | undefined)?.[ref], root);
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) {
    for (const variant of variants) {
      const part = schemaPart(value, variant, root);
      if (part !== undefined) return part;
    }
    return undefined;
  }
  if (isObject(schema.properties)) {
    if (!isObject(value)) return undefined;
    const kept: Record<string, unknown> = {};
    for (const [key, sub] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      if (!(key in value)) continue;
      const part = schemaPart(value[key], sub, root);
      if (part !== undefined) kept[key] = part;
    }
    return kept;
  }
  if (schema.type === "array" || schema.items) {
    return Array.isArray(value) ? value.map((item) => schemaPart(item, schema.items as JsonSchema | undefined, root) ?? null) : undefined;
  }
  if (schema.type === "object") return undefined; // no properties named: nothing to take
  return value === null || typeof value !== "object" ? value : undefined;
}

/** `value` with what the model fills in when a key is left out, as the build's data has it
 * (Pydantic's defaults: the schema's `default`, an empty list for a list): a cell drawn from
 * the form alone (a page not built yet) meets the same shape as one from the build. */
export function withDefaults(value: unknown, schema: JsonSchema | undefined, root: JsonSchema): unknown {
  if (!schema) return value;
  const ref = typeof schema.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
  if (ref) return withDefaults(value, (root.$defs as Record<string, JsonSchema> | undefined)?.[ref], root);
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) {
    const shaped = variants.find((variant) => schemaPart(value, variant, root) !== undefined && value !== null);
    return shaped ? withDefaults(value, shaped, root) : value;
  }
  if (Array.isArray(value)) return value.map((item) => withDefaults(item, schema.items as JsonSchema | undefined, root));
  if (!isObject(schema.properties) || !isObject(value)) return value;
  const filled: Record<string, unknown> = { ...value };
  for (const [key, sub] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    if (key in filled) filled[key] = withDefaults(filled[key], sub, root);
    else if ("default" in sub) filled[key] = sub.default;
    else if (sub.type === "array") filled[key] = [];
  }
  return filled;
}

/** Values of `over` laid on `base`, objects and lists merged item by item; of `over`, only
 * what the schema of its cell type (`over.type`) names. */
export function overlay(base: unknown, over: unknown): unknown {
  const type = isObject(over) && typeof over.type === "string" ? over.type : null;
  const schema = type ? SCHEMAS[`cells/${type}`] : undefined;
  if (!type || !schema) return base;
  return { ...(withDefaults(merge(base, schemaPart(over, schema, schema)), schema, schema) as object), type };
}

function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (Array.isArray(over)) return over.map((item, index) => merge(Array.isArray(base) ? base[index] : undefined, item));
  if (isObject(over)) {
    const from = isObject(base) ? base : {};
    const merged: Record<string, unknown> = { ...from };
    for (const [key, value] of Object.entries(over)) merged[key] = merge(from[key], value);
    return merged;
  }
  return over;
}

export function CellPreview({ cell }: { cell: Cell | null }) {
  if (!cell) return <p className="carnet-preview__none">{t("previewFailed")}</p>;
  return (
    <Boundary reset={cell}>
      <Suspense fallback={<p className="carnet-preview__none">{t("loading")}</p>}>
        <MemoryRouter>
          {/* A preview, not a page: its links and buttons do not navigate away. */}
          <div className="carnet-preview__cell" onClickCapture={(event) => event.preventDefault()} inert>
            <Drawn cell={cell} />
          </div>
        </MemoryRouter>
      </Suspense>
    </Boundary>
  );
}
