// What a coach calls a file, beside its title and its name, for the list's search: nothing is
// written here, everything is read from content/ and the models. A page is called by the
// labels of the site's menus that lead to it (« Accueil » → pages/index.md, from the
// settings' navigation); a settings file by the French names and help of its fields (« prix »,
// « tarifs » → reglages/site.md, from its schema); and a title's variables are replaced by the
// settings' values, as the site shows it (« À propos de {{ coach }} » → « À propos de Claire
// Delmas »).
import { collectionOf, dataOf, parseDocument, SCHEMAS, SETTINGS_PATH } from "../core/index.ts";
import { substitute, variablesOf, type Variables } from "../prose/variables.ts";
import { routeOf } from "../workspace.ts";

export interface SearchNames {
  variables: Variables | null;
  /** A page's address → the labels of the menu links that lead to it. */
  menus: ReadonlyMap<string, readonly string[]>;
}

export const NO_NAMES: SearchNames = { variables: null, menus: new Map() };

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === "object" && !Array.isArray(value);

/** An internal link's page address: « /contact#formulaire » and « /contact/ » → « /contact ». */
function addressOf(href: string): string | null {
  if (!href.startsWith("/") || href.startsWith("//")) return null;
  const path = href.replace(/[?#].*$/s, "").replace(/\/+$/, "");
  return path || "/";
}

/** Every `{ label, href }` link of the settings' navigation, whatever list it is in. */
function menuLinks(navigation: unknown): [string, string][] {
  if (!isObject(navigation)) return [];
  return Object.values(navigation).flatMap((links) =>
    Array.isArray(links)
      ? links.flatMap((link): [string, string][] =>
          isObject(link) && typeof link.label === "string" && typeof link.href === "string" ? [[link.label, link.href]] : [],
        )
      : [],
  );
}

/** The names read from the settings' text (`undefined`: not read, no names). */
export function searchNamesOf(settingsText: string | undefined): SearchNames {
  if (settingsText === undefined) return NO_NAMES;
  let data: unknown;
  try {
    data = dataOf(parseDocument(SETTINGS_PATH, settingsText), "frontmatter");
  } catch {
    return NO_NAMES;
  }
  const menus = new Map<string, string[]>();
  for (const [label, href] of menuLinks(isObject(data) ? data.navigation : undefined)) {
    const address = addressOf(href);
    if (address === null) continue;
    const labels = menus.get(address) ?? [];
    if (!labels.includes(label)) menus.set(address, [...labels, label]);
  }
  return { variables: variablesOf(settingsText), menus };
}

/** A title as the site shows it: its variables replaced by the settings' values. */
export function shownTitle(title: string, names: SearchNames): string {
  return substitute(title, names.variables);
}

/** The French names and help of a settings file's fields (its schema's first level). */
function fieldWords(path: string): string[] {
  const { kind, role } = collectionOf(path);
  if (role !== "singleton" || !kind) return [];
  const properties = (SCHEMAS[kind.schema]?.properties ?? {}) as Record<string, { title?: unknown; description?: unknown }>;
  return Object.values(properties).flatMap((property) =>
    [property.title, property.description].filter((word): word is string => typeof word === "string"),
  );
}

/** Everything the search looks in for `path`, beside its title and its name. */
export function namesOf(path: string, names: SearchNames): string[] {
  const route = routeOf(path);
  return [...(route === null ? [] : (names.menus.get(route) ?? [])), ...fieldWords(path)];
}
