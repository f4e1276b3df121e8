/** The French texts of « Mes propositions »: the open proposals made from the carnet, their
 * states, « Retirer la proposition » and its question, and the warning on a page another
 * proposal changes. Typed with ordinary spaces; `typeset` gives them French typography. */

import { fill, typeset } from "../../server-texts.ts";

export const PROPOSALS = typeset({
  region: "Mes propositions",
  intro: "Les propositions en cours, faites depuis le carnet par vous et par les autres. Ouvrez-en une pour la continuer.",
  loading: "Lecture des propositions sur GitHub…",
  none: "Aucune proposition en cours.",
  failed: "Les propositions n'ont pas pu être lues sur GitHub : {reason}",
  reload: "Lire à nouveau les propositions",
  byOn: "par {author}, le {date}",
  number: "n°\u00a0{number}",
  files: "Ce qu'elle change :",
  state: "État : {state}",
  checking: "en cours de vérification",
  toFix: "à corriger",
  ready: "prête à publier",
  conflict: "en conflit",
  current: "ouverte dans le carnet",
  onGitHub: "Voir sur GitHub",
  pendingFirst:
    "Vous avez des modifications pas encore proposées : proposez-les ou retirez-les avant d'ouvrir une autre proposition.",
  opening: "Ouverture de la proposition…",
  opened: "Proposition « {title} » ouverte : vos modifications s'y ajouteront.",
  leave: "Revenir à la version publiée",
  left: "Vous modifiez à nouveau la version publiée : votre prochaine proposition sera une nouvelle proposition.",
  remove: "Retirer la proposition",
  removeQuestion:
    "Retirer « {title} » ? La proposition sera fermée sur GitHub et sa branche supprimée : ses modifications ne seront pas publiées.",
  removeQuestionOther:
    "Retirer « {title} », proposée par {author} ? La proposition sera fermée sur GitHub et sa branche supprimée : ses modifications ne seront pas publiées.",
  removeConfirm: "Oui, retirer",
  removeCancel: "Annuler",
  removing: "Retrait…",
  removed: "La proposition « {title} » est retirée.",
  clash: "{author} propose déjà une modification de cette page (n°\u00a0{number}).",
  clashMine: "Vous proposez déjà une modification de cette page (n°\u00a0{number}).",
  clashOpen: "Ouvrir la proposition n°\u00a0{number}",
});

export const proposalsText = (key: keyof typeof PROPOSALS, values: Record<string, string | number> = {}) =>
  fill(PROPOSALS[key], values);

/** A date of GitHub (ISO 8601) as French readers write it: « 27 novembre 2026 ». */
export function frenchDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric" }).format(date);
}
