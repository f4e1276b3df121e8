// The French refusals of the editor's local file API (scripts/editor-api.ts). Part of the
// editor's text catalogue (texts.ts re-exports them): the dev server imports only this file,
// which imports nothing, so the Node side does not load the interface's texts.

/** French typography on a catalogue text: no-break space inside « » and before « : »,
 * narrow no-break space before « ; ! ? » (the texts are typed with ordinary spaces). */
export function french(text: string): string {
  return text
    .replace(/« /g, "«\u00a0")
    .replace(/ »/g, "\u00a0»")
    .replace(/ :(?=\s|$)/g, "\u00a0:")
    .replace(/ ([;!?])/g, "\u202f$1")
    .replace(/'/g, "’");
}

/** Every text of a catalogue object, typeset (keys kept). */
export function typeset<T extends Record<string, string>>(texts: T): T {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, french(text)])) as T;
}

/** Why the local API refused a request; `{…}` are filled in by `fill`. */
export const REFUSALS = typeset({
  host: "requête refusée : le carnet ne répond qu’à l’adresse locale (localhost)",
  origin: "requête refusée : elle ne vient pas de la page du carnet (autre origine)",
  token: "requête refusée : jeton du carnet absent ou périmé ; rechargez la page du carnet",
  method: "requête refusée : méthode non prise en charge",
  body: "requête refusée : le contenu envoyé n’est pas lisible (JSON attendu)",
  tooBig: "requête refusée : envoi trop volumineux",
  empty: "chemin vide",
  absolute: "chemin « {path} » refusé : il doit être relatif au dossier content/",
  dots: "chemin « {path} » refusé : « .. », « . » et les dossiers cachés sont interdits",
  unsafe: "chemin « {path} » refusé : il contient un caractère de contrôle",
  place: "chemin « {path} » refusé : le site ne lit pas de fichier à cet endroit ; {hint}",
  hintMarkdown: "un texte va dans un dossier du contenu ({folders}) et finit par « .md »",
  hintImage: "une image va dans content/images/ et finit par {suffixes}",
  symlink: "chemin « {path} » refusé : « {part} » est un lien symbolique ; seuls les vrais fichiers de content/ sont modifiés",
  notFile: "chemin « {path} » refusé : ce n’est pas un fichier ordinaire",
  missing: "fichier « {path} » introuvable",
  exists: "le fichier content/{path} existe déjà ; choisissez un autre titre",
  changed: "le fichier content/{path} a changé depuis que vous l’avez ouvert (enregistré ailleurs entre-temps) ; rien n’a été écrit",
  noBase: "requête refusée : la version de départ de « {path} » manque ; rechargez la page du carnet",
  size: "fichier « {path} » refusé : {size} au maximum",
  encoding: "fichier « {path} » refusé : contenu illisible",
  internal: "le fichier n’a pas pu être lu ou écrit ({error})",
  // The dev server's gate (scripts/editor-server.ts): the carnet has a port of its own.
  elsewhere: "introuvable : le carnet s’ouvre à l’adresse « Carnet » que « contenu dev » affiche, le site à l’adresse « Aperçu du site »",
  topLevel: "requête refusée : le carnet s’ouvre seulement dans un onglet à lui, à l’adresse que « contenu dev » affiche",
});

export type Refusal = keyof typeof REFUSALS;

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));
}
