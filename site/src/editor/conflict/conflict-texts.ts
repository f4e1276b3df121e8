/** The French texts of a merge that needs the coach: a field both she and a colleague changed
 * (on GitHub), or both she and a save made meanwhile (another tab, another person).
 * Typed with ordinary spaces; `typeset` gives them French typography. What they say is what
 * the merge does: the colleague's other changes are kept, nothing is sent before her choices. */

import { fill, typeset } from "../server-texts.ts";

export const CONFLICT = typeset({
  title: "Conflit dans « {file} »",
  intro:
    "{author} a aussi modifié ce document sur GitHub{when}, depuis que vous l’avez ouvert. " +
    "Ses modifications des autres champs sont gardées avec les vôtres. " +
    "Pour chaque champ que vous avez modifié tous les deux, choisissez la version à garder : rien n’est envoyé avant vos choix.",
  introFile:
    "{author} a aussi modifié ce fichier sur GitHub{when}, depuis que vous l’avez ouvert. " +
    "Choisissez la version à garder : rien n’est envoyé avant votre choix.",
  introSaved:
    "Ce qui n’a changé que dans l’une des deux versions est gardé. " +
    "Pour chaque champ modifié dans les deux, choisissez la version à garder : rien n’est enregistré avant vos choix.",
  introSavedFile: "Choisissez la version à garder : rien n’est enregistré avant votre choix.",
  someone: "une autre personne",
  ours: "Votre version",
  theirs: "Version de {author}",
  theirsDated: "Version de {author} ({date})",
  when: " le {date}",
  keepOurs: "Garder ma version",
  keepTheirs: "Garder la version de {author}",
  saved: "Version enregistrée entre-temps",
  savedDated: "Version enregistrée entre-temps ({date})",
  keepSaved: "Garder la version enregistrée entre-temps",
  keep: "Garder ces choix",
  missing: "Choisissez d’abord une version pour : {fields}.",
  unwritable: "Ces choix ne peuvent pas être enregistrés ensemble dans ce document. Choisissez une autre combinaison, ou gardez la même version partout.",
  frontmatter: "En-tête du document",
  cell: "Cellule {n} · {type}",
  removedHere: "{place} (supprimée dans l’une des versions)",
  prose: "Texte",
  passage: "Passage du fichier",
  removedCell: "(cellule supprimée)",
  deletedFile: "(fichier supprimé)",
  absent: "(champ absent)",
  empty: "(vide)",
  yes: "Oui",
  no: "Non",
  item: "{item} {n}",
  binary: "Fichier « {file} »",
  pair: "{label} : {value}",
  path: " › ",
});

export const conflictText = (key: keyof typeof CONFLICT, values: Record<string, string | number> = {}) => fill(CONFLICT[key], values);

const DATE = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" });

/** « 25 novembre 2026 à 14:05 » (the coach's time zone). */
export function conflictDate(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? DATE.format(date) : "";
}
