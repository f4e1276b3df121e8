/**
 * Text variables (`{{ prix.pack }}`, `{{ email }}`…) replaced by the settings' values, as the
 * build replaces them in prose before rendering it: `Variables.of` and `substitute` of
 * tools/contenu/pipeline/variables.py. The settings' text is read from the carnet's storage
 * (the branch being edited on GitHub, with the changes not yet proposed), so a price changed
 * in the settings is the price the preview shows.
 */
import { dataOf, parseDocument, SETTINGS_PATH } from "../core/index.ts";
import { priceText } from "../core/hand-typed.ts";
import { frenchTypography } from "../emulated/typography.ts";
import { PY_SPACE } from "./python.ts";

export type Variables = ReadonlyMap<string, string>;

/** Where each variable's value is in the settings, and how it is written. */
const PRICES: Record<string, string> = { "prix.pack": "pack", "prix.seance": "single", "prix.decouverte": "discovery" };
const TEXTS: Record<string, string[]> = {
  marque: ["brand"],
  coach: ["coachName"],
  disponibilites: ["offer", "availability"],
  delai: ["offer", "responseTime"],
  format: ["offer", "format"],
  zone: ["offer", "area"],
};

const at = (data: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), data);

/** The variables of the settings' text; null when a value cannot be read (the build then
 * stops at the settings, and the preview keeps the variables as written). */
export function variablesOf(settingsText: string, year = new Date().getFullYear()): Variables | null {
  let data: unknown;
  try {
    data = dataOf(parseDocument(SETTINGS_PATH, settingsText), "frontmatter");
  } catch {
    return null;
  }
  const values = new Map<string, string>();
  for (const [name, key] of Object.entries(PRICES)) {
    const value = priceText(at(data, ["prices", key]));
    if (value === null) return null;
    values.set(name, value);
  }
  const email = at(data, ["email"]);
  if (typeof email !== "string") return null;
  values.set("email", email.trim());
  for (const [name, path] of Object.entries(TEXTS)) {
    const value = at(data, path);
    if (typeof value !== "string" || !value.trim()) return null;
    values.set(name, frenchTypography(value.trim())); // a `Text` of the model: stripped, typeset
  }
  values.set("annee", String(year));
  return values;
}

// `{{ name }}` (variables.py's PATTERN, Python's `\s`). Its possessive quantifiers are written
// as a look-ahead and a back-reference, which JavaScript never backtracks into: linear time.
const S = `[${PY_SPACE}]*`;
const PATTERN = new RegExp(`\\{\\{(?=(${S}))\\1(?=([^{}${PY_SPACE}]*))\\2(?=(${S}))\\3\\}\\}`, "g");

/** `text` with every known variable replaced; unknown ones are kept. */
export function substitute(text: string, variables: Variables | null): string {
  if (!variables || !text.includes("{{")) return text;
  return text.replace(PATTERN, (whole, _a: string, name: string) => variables.get(name) ?? whole);
}
