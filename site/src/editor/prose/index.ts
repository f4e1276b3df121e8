/**
 * The carnet's text preview: a prose cell as the build will write it, as the coach types.
 * Both modes replace the settings' variables first (as the build does, before rendering);
 * then the local carnet asks the pipeline itself (the dev server's renderer), and the
 * published carnet, which has no server, renders in the page (render.ts: markdown-it held to
 * pyromark, the build's sanitiser and typography). Loaded by the carnet only: the site's
 * pages never import this folder.
 */
import type { Storage } from "../storage.ts";
import { sanitiseHtml } from "../preview/sanitise.ts";
import { renderProse } from "./render.ts";
import { substitute, variablesOf } from "./variables.ts";

export type ProseRenderer = (markdown: string) => Promise<string | null>;

/** A prose cell as `split_cells` hands it to the build: ending with exactly one line end. */
const asCell = (markdown: string) => markdown.replace(/\n*$/, "\n");

/** The preview's renderer for `storage`, with the variables of the settings' text. */
export function proseRenderer(storage: Storage, settings: string | undefined): ProseRenderer {
  const variables = settings === undefined ? null : variablesOf(settings);
  const prepare = (markdown: string) => substitute(asCell(markdown), variables);
  if (storage.renderProse) {
    const viaPipeline = storage.renderProse.bind(storage);
    return (markdown) => viaPipeline(prepare(markdown));
  }
  return async (markdown) => renderProse(prepare(markdown), sanitiseHtml);
}

let lastSettings: { text: string | undefined; variables: ReturnType<typeof variablesOf> } = { text: undefined, variables: null };

/** A cell's values with the variables of its strings replaced, as the build replaces them. */
export function withVariables(value: unknown, settings: string | undefined): unknown {
  if (lastSettings.text !== settings) lastSettings = { text: settings, variables: settings === undefined ? null : variablesOf(settings) };
  const { variables } = lastSettings;
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return substitute(node, variables);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item)]));
    return node;
  };
  return variables ? walk(value) : value;
}
