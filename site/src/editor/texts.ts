// Every text of the editor's interface (« Le carnet »), in one French catalogue: components
// never write a sentence themselves. Typed with ordinary spaces; `typeset` gives them French
// typography (no-break spaces before « : ; ! ? » and inside « »), as the site's content gets.
import { REFUSALS, fill, french, typeset } from "./server-texts.ts";
import { fieldLabel } from "./core/labels.ts";

export { REFUSALS, fill, french };

export const T = typeset({
  appName: "Le carnet",
  appTagline: "Modifier les textes, les prix et les images du site",
  loading: "Chargement…",
  loadFailed: "Le contenu n’a pas pu être chargé : {error}",
  openRefused: "Ce fichier ne s’ouvre pas dans le carnet : {error}",
  backToList: "Tous les fichiers",
  search: "Rechercher",
  advancedSettings: "Réglages avancés",
  newCategory: "Nouvelle catégorie…",
  newCategoryName: "Nom de la nouvelle catégorie",
  searchHelp: "Un mot du titre, du menu du site ou du nom de fichier.",
  noResult: "Aucun fichier ne correspond à « {query} ».",
  fileCount: "{count} fichiers",
  newFile: "Nouveau",
  newFileIn: "Nouveau : {collection}",
  newTitle: "Titre",
  newTitleHelp: "Le nom du fichier est fait à partir du titre.",
  create: "Créer",
  cancel: "Annuler",
  stateDraft: "brouillon",
  // A file whose changes are kept on this device, not yet saved (the list marks it).
  stateUnsaved: "modifications non enregistrées",
  stateScheduled: "programmé le {date}",
  statePublished: "publié",
  images: "Images",
  settingsGroup: "Réglages",
  unavailableTitle: "Le carnet ne s’ouvre pas à cette adresse",
  noStorage: "Le carnet s’ouvre depuis l’aperçu local : lancez « ./nox -s dev » puis ouvrez l’adresse du carnet qu’il affiche.",
  skipToContent: "Aller au contenu",
  // The notebook
  frontmatter: "En-tête du document",
  cells: "Contenu",
  save: "Enregistrer",
  saving: "Enregistrement…",
  saved: "Enregistré. L’aperçu du site se met à jour.",
  // What happens to a document saved with errors, whatever its « Brouillon » box says.
  savedWithError:
    "Enregistré, avec 1 erreur : tant qu’elle n’est pas corrigée, ce document ne passera pas la vérification et ces modifications ne seront pas mises en ligne.",
  savedWithErrors:
    "Enregistré, avec {count} erreurs : tant qu’elles ne sont pas corrigées, ce document ne passera pas la vérification et ces modifications ne seront pas mises en ligne.",
  saveShortcut: "Raccourci : Ctrl+S (⌘+S sur Mac)",
  saveFailed: "L’enregistrement a échoué : {error}",
  changedMeanwhileTitle: "Enregistré ailleurs entre-temps",
  changedMeanwhile:
    "Rien n’a été enregistré : ce fichier a été enregistré ailleurs (un autre onglet, une autre personne) depuis que vous l’avez ouvert. Choisissez, partie par partie, la version à garder ; rien n’est écrasé.",
  conflictKept: "Choix gardés : vérifiez le document puis cliquez sur « Enregistrer ».",
  editFailed: "Cette modification n’a pas pu être faite : corrigez d’abord l’erreur signalée dans cette partie du fichier ({error}).",
  unsaved: "Modifications non enregistrées",
  upToDate: "Tout est enregistré",
  // A draft of an earlier visit is offered: neither « tout est enregistré » nor edited yet.
  draftWaiting: "Des modifications non enregistrées attendent votre réponse",
  // Leaving a document with unsaved changes (the list, another file, the browser's back).
  leaveTitle: "Quitter ce document sans enregistrer ?",
  leaveHelp:
    "Vos modifications ne sont pas enregistrées. Elles restent gardées sur cet appareil : elles vous seront proposées quand vous reviendrez à ce document.",
  leaveStay: "Rester sur ce document",
  leaveGo: "Quitter sans enregistrer",
  // The outline: every part of the document, each a link to its first field.
  outline: "Plan du document",
  outlineEntry: "{n}. {label}",
  outlineInvalid: "à corriger",
  errorsBanner: "Ce document a {count} erreur(s) : il ne passera pas la vérification. Les champs en rouge disent quoi corriger.",
  revert: "Annuler les modifications",
  reverted: "Modifications annulées : le fichier est revenu à sa version enregistrée.",
  resumeQuestion: "Reprendre vos modifications ?",
  resumeHelp: "Des modifications de ce document, faites le {date}, n’ont pas été enregistrées.",
  resume: "Reprendre",
  discard: "Ne pas reprendre",
  addCell: "Ajouter une cellule",
  addCellMenu: "Choisir le type de cellule",
  proseLabel: "Texte",
  proseSummary: "Des paragraphes, intertitres, listes et liens, écrits en Markdown.",
  moveUp: "Monter",
  moveDown: "Descendre",
  removeCell: "Supprimer la cellule",
  removed: "Cellule « {cell} » supprimée.",
  undo: "Annuler la suppression",
  fold: "Replier",
  unfold: "Déplier",
  cellNumber: "Cellule {n}",
  // Prose helpers
  proseText: "Texte de la cellule",
  toolbar: "Mise en forme",
  heading: "Titre",
  bold: "Gras",
  italic: "Italique",
  link: "Lien",
  list: "Liste",
  sampleHeading: "Intertitre",
  sampleBold: "texte en gras",
  sampleItalic: "texte en italique",
  // « Lien »: the address asked for, the site's pages offered.
  linkForm: "Insérer un lien",
  linkAddress: "Adresse du lien",
  linkAddressHelp: "Choisissez une page du site dans la liste, ou collez l’adresse d’un autre site (https://…).",
  linkAddressMissing: "Choisissez une page du site ou écrivez l’adresse du lien.",
  linkText: "Texte du lien",
  linkInsert: "Insérer le lien",
  sampleItem: "élément",
  // Forms
  choose: "— choisir —",
  none: "(aucun)",
  yes: "Oui",
  addItem: "Ajouter : {item}",
  itemN: "{item} {n}",
  itemUp: "Monter : {item} {n}",
  itemDown: "Descendre : {item} {n}",
  itemRemove: "Retirer : {item} {n}",
  defaultItem: "élément",
  required: "(obligatoire)",
  routesHelp: "Choisissez une page du site dans la liste, ou écrivez une adresse.",
  // Images
  chooseImage: "Choisir une image",
  currentImage: "Image choisie : ",
  noImage: "Aucune image choisie.",
  uploadImage: "Ajouter une image depuis cet appareil",
  uploadFailed: "L’image n’a pas pu être ajoutée : {error}",
  // An image refused before it is stored: the words of `contenu check` (images/image_check.py).
  imageRefused: "« {name} » n’a pas été ajoutée : {problem}",
  imageType:
    "type de fichier refusé « {suffix} » : le dossier images ne publie que des images {suffixes} ; exportez-la en JPEG ou en PNG",
  imageHeavy:
    "fichier trop lourd ({size}) : {limit} au maximum ; enregistrez-la en plus petit (2 880 pixels de large suffisent au site)",
  imageLarge:
    "image trop grande ({width} × {height} pixels, soit {millions} millions) : {limit} millions de pixels au maximum ; enregistrez-la en plus petit (2 880 pixels de large suffisent au site)",
  imageNotType:
    "ce fichier n’est pas une image {format} lisible : son contenu ne correspond pas à l’extension « {suffix} » (fichier renommé, page web, fichier abîmé ?)",
  imageAnimated:
    "image animée : le site ne publie que des images fixes (une animation pèse des dizaines de fois plus et ses variantes n’en garderaient que la première image) ; exportez une seule image, en JPEG ou en PNG",
  imageUnreadable: "l’image est illisible : le fichier est abîmé",
  // Preview
  preview: "Aperçu",
  showPreview: "Montrer l’aperçu",
  hidePreview: "Cacher l’aperçu",
  previewFailed: "Aperçu indisponible pour cette cellule.",
  previewAfterSave: "L’aperçu de ce texte se met à jour à l’enregistrement.",
  pagePreview: "Aperçu de la page",
  pagePreviewPhone: "Téléphone (375 px)",
  pagePreviewWide: "Ordinateur (1280 px)",
  closePagePreview: "Fermer l’aperçu de la page",
  // Diagnostics
  errorPrefix: "Erreur : ",
  warningPrefix: "Avertissement : ",
  fieldPrefix: "{field} : ",
  documentProblems: "À corriger dans ce document",
});

export type TextKey = keyof typeof T;

/** A diagnostic as one line, its field named as `contenu check` names it:
 * « Erreur : Bannière d’ouverture › Titre : … ». */
export function diagnosticText(d: { severity: "error" | "warning"; field: string; label?: string; message: string }): string {
  const kind = d.severity === "error" ? T.errorPrefix : T.warningPrefix;
  const field = d.label ?? fieldLabel(d.field);
  return kind + (field ? fill(T.fieldPrefix, { field }) : "") + d.message;
}

/** A catalogue text with its `{…}` filled in. */
export function t(key: TextKey, values: Record<string, string | number> = {}): string {
  return fill(T[key], values);
}

const DATE = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** « 1er septembre 2024 » for 2024-09-01. */
export function frenchDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return DATE.format(date).replace(/^1 /, "1er ");
}
