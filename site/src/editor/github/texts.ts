/** Every French text of the editor's GitHub side: button names, states and error messages.
 * French typography is written with these constants (no-break space before « : », narrow
 * no-break space before « ; ! ? », no-break spaces inside « »), checked by texts.test.ts. */

const NB = "\u00a0";
const NNB = "\u202f";
/** « text » with the no-break spaces French print wants. */
export const quoted = (text: string): string => `«${NB}${text}${NB}»`;

export const GUIDE_PAGE = "docs/guide/connexion-github.md";
/** GitHub's page that creates a fine-grained token. Not prefilled: GitHub removed the
 * documentation of its prefilled addresses in May 2026 (docs/decisions.md). */
export const TOKEN_PAGE = "https://github.com/settings/personal-access-tokens/new";

export const LABELS = {
  signIn: "Se connecter à GitHub",
  tokenField: "Jeton d’accès personnel",
  remember: "Se souvenir sur cet appareil",
  signOut: "Se déconnecter",
  propose: "Proposer mes modifications",
  retry: "Réessayer",
  guide: "Comment créer le jeton (pas à pas)",
  tokenPage: "Ouvrir la page des jetons sur GitHub",
} as const;

/** What the sign-in page says of where the token is kept (docs/security.md). */
export const SIGN_IN = {
  title: "Connexion à GitHub",
  intro:
    `Le carnet lit le site sur GitHub et y propose vos modifications. Il lui faut une clé que ` +
    `vous créez une fois sur GitHub${NB}: un jeton d’accès personnel.`,
  createTitle: "Créez le jeton sur GitHub",
  createHelp:
    `Sur la page de GitHub${NB}: un nom (par exemple ${quoted("Éditeur du site")}), 90${NB}jours, ` +
    `le dépôt du site seul, puis ${quoted("Contents")} et ${quoted("Pull requests")} en ` +
    `${quoted("Read and write")}. GitHub montre le jeton une seule fois${NB}: copiez-le.`,
  pasteTitle: "Collez-le ici",
  sharedOrigin:
    `Le carnet partage l’adresse des pages du site et des services qu’elles intègrent${NB}: ` +
    `votre jeton n’est donc gardé que dans cet onglet, jamais enregistré (collez-le à nouveau ` +
    `à chaque ouverture), et seul un script de cette adresse qui ouvrirait lui-même le carnet ` +
    `pourrait encore le lire.`,
} as const;

export const PANEL = {
  region: "Proposition sur GitHub",
  repository: (repository: string) => `Dépôt du site${NB}: ${repository}`,
  connectedAs: (login: string) => `Connecté à GitHub${NB}: ${login}`,
  pending: (count: number) =>
    count === 0 ? "Aucune modification à proposer." : `${count} fichier${count > 1 ? "s" : ""} à proposer.`,
  title: "Titre de la proposition",
  titleHelp: (max: number) =>
    `Quelques mots qui disent ce qui change (ils nomment la branche et la pull request), ${max}${NB}caractères au plus.`,
  review: "Ce qui sera proposé",
  reviewHelp: `Vérifiez chaque fichier avant de proposer${NB}: ${quoted("Retirer")} le laisse tel qu’il est sur GitHub.`,
  added: "nouveau fichier",
  modified: "modifié",
  image: (kilobytes: number) => `image de ${kilobytes}${NB}ko`,
  lineCounts: (added: number, removed: number) =>
    `${added} ligne${added > 1 ? "s" : ""} ajoutée${added > 1 ? "s" : ""}, ${removed} retirée${removed > 1 ? "s" : ""}`,
  showDiff: (path: string) => `Voir les différences de ${path}`,
  diffLoading: "Lecture de la version de GitHub…",
  diffAdded: "+ ",
  diffRemoved: "− ",
  diffSame: "  ",
  diffSkipped: "…",
  remove: "Retirer",
  removeFile: (path: string) => `Retirer ${path} de la proposition`,
  removedFile: (path: string) => `${quoted(path)} est retiré${NB}: il reste tel qu’il est sur GitHub.`,
  dropped: (path: string, reason: string) =>
    `${quoted(path)} a été retiré des modifications à proposer${NB}: ${reason}.`,
  signOutQuestion: (files: number, drafts: number) =>
    [
      files ? `${files} fichier${files > 1 ? "s" : ""} pas encore proposé${files > 1 ? "s" : ""}` : "",
      drafts ? `${drafts} document${drafts > 1 ? "s" : ""} aux modifications non enregistrées` : "",
    ]
      .filter(Boolean)
      .join(" et ") + ` sur cet appareil. Avant de vous déconnecter${NB}:`,
  signOutPropose: "Proposer puis se déconnecter",
  signOutErase: "Effacer et se déconnecter",
  signOutStay: "Rester connecté",
  proposing: "Envoi à GitHub…",
  nothingYet: `Rien à proposer pour l’instant${NB}: modifiez un document, le bouton s’active aussitôt.`,
  draftsFirst: (count: number) =>
    `${count} document${count > 1 ? "s ont" : " a"} des modifications non enregistrées${NB}: ` +
    `ouvrez-${count > 1 ? "les" : "le"} et cliquez sur ${quoted("Enregistrer")} pour pouvoir les proposer.`,
  savedFirst: "Ce document sera d’abord enregistré, puis proposé.",
  readyToPropose: "Vos modifications enregistrées attendent d’être proposées.",
  proposed: (number: number) => `Proposé${NB}: pull request n°${NB}${number}.`,
  pullLink: (number: number) => `Voir la pull request n°${NB}${number} sur GitHub`,
  checks: (state: string) => `Vérifications${NB}: ${state}`,
  /** The checks' state before GitHub's first answer (the line is drawn already). */
  checksReading: "lecture sur GitHub…",
  green: `Tout est vert.`,
  annotations: "Ce que les vérifications signalent",
  annotation: (path: string, line: number, title: string, message: string) =>
    `${path}, ligne ${line}${title ? `, ${title}` : ""}${NB}: ${message}`,
  resolved: `Choix gardés. Cliquez sur ${quoted("Proposer mes modifications")} pour les envoyer.`,
  checking: "Vérification du jeton…",
  willFail: (count: number) =>
    `${count} erreur${count > 1 ? "s" : ""} à corriger${NB}: la vérification ${quoted("Contenu")} échouera. ` +
    `Vous pouvez proposer quand même, comme brouillon, et corriger ensuite.`,
  checksPage: "Voir les vérifications et les images des pages sur GitHub",
} as const;

export const CHECK_STATES = {
  pending: "en cours",
  success: "réussi",
  failure: "échec",
} as const;

const KEPT = "Vos modifications sont gardées sur cet appareil.";

/** When a rate limit ends, in French (« 14 h 05 »), in the coach's time zone. */
export function frenchTime(date: Date): string {
  const hours = String(date.getHours());
  const minutes = String(date.getMinutes()).padStart(2, "0");
  return `${hours}${NB}h${NB}${minutes}`;
}

export const MESSAGES = {
  tokenMalformed:
    `Ce jeton est invalide${NB}: un jeton d’accès personnel commence par ${quoted("github_pat_")}. ` +
    `Copiez-le en entier depuis GitHub, sans espace.`,
  tokenClassic:
    `Ce jeton est un jeton ${quoted("classic")}${NNB}; il donne accès à tous vos dépôts. ` +
    `Créez plutôt un jeton ${quoted("Fine-grained")} limité à ce site, comme le guide l’explique.`,
  tokenExpired:
    `GitHub refuse ce jeton${NB}: il est expiré, a été supprimé, ou il est invalide (mal copié). ` +
    `Créez-en un nouveau en suivant le guide.`,
  tokenRevoked:
    `GitHub refuse maintenant votre jeton${NB}: il est expiré ou a été supprimé. ${KEPT} ` +
    `Connectez-vous avec un nouveau jeton, puis ${quoted(LABELS.retry)}.`,
  wrongRepository: (repository: string) =>
    `Ce jeton ne donne pas accès au dépôt ${quoted(repository)}. Dans ${quoted("Repository access")}, ` +
    `choisissez ${quoted("Only select repositories")} puis ce dépôt, ou créez un nouveau jeton.`,
  missingPermission: (permission: string, access: string) =>
    `Il manque une permission à ce jeton${NB}: ${quoted(permission)} doit être en ${quoted(access)}. ` +
    `Modifiez le jeton sur GitHub (${quoted("Edit")}), puis reconnectez-vous.`,
  noAccess: (login: string, repository: string) =>
    `Le compte ${quoted(login)} ne peut pas proposer de modifications sur ${quoted(repository)}. ` +
    `Demandez à la personne qui gère le dépôt de vous y ajouter (accès ${quoted("Write")}).`,
  offline: `Pas de connexion à Internet. ${KEPT} Cliquez sur ${quoted(LABELS.retry)} quand la connexion revient.`,
  rateLimit: (reset: Date | null) =>
    `GitHub limite le nombre de demandes${NB}: ` +
    (reset ? `réessayez après ${frenchTime(reset)}. ` : "réessayez dans quelques minutes. ") +
    KEPT,
  server: (status: number) =>
    `GitHub a un problème de son côté (erreur ${status}). ${KEPT} Cliquez sur ${quoted(LABELS.retry)} dans un instant.`,
  notFound: `GitHub ne trouve pas ce qui est demandé (le fichier ou la branche a peut-être été supprimé).`,
  conflict: (paths: readonly string[]) =>
    `Il y a un conflit${NB}: ${paths.map(quoted).join(", ")} a aussi changé sur GitHub depuis que vous l’avez ouvert. ` +
    `Rien n’a été envoyé${NB}: choisissez ci-dessous la version à garder pour chaque champ modifié des deux côtés.`,
  nothingToPropose: `Rien à proposer${NB}: GitHub a déjà ces versions des fichiers.`,
  stale: `La branche a changé plusieurs fois pendant l’envoi. ${KEPT} Cliquez sur ${quoted(LABELS.retry)}.`,
  checksHidden:
    `GitHub ne montre pas les vérifications de ce dépôt privé à un jeton personnel${NB}: ` +
    `ouvrez la pull request pour voir leur résultat.`,
  exists: (path: string) => `Le fichier ${quoted(path)} existe déjà.`,
  changedElsewhere: (path: string) =>
    `${quoted(path)} a été enregistré dans un autre onglet depuis que vous l’avez ouvert${NNB}; rien n’a été écrasé.`,
  pathRefused: (path: string) => `Ce fichier ne peut pas être proposé${NB}: ${quoted(path)} (seul le dossier ${quoted("content")} est modifiable).`,
  unexpected: (status: number) =>
    `GitHub a répondu de façon inattendue (code ${status}). ${KEPT} Cliquez sur ${quoted(LABELS.retry)}.`,
} as const;

/** The fine-grained permission names and access levels, as GitHub's token page shows them. */
export const PERMISSION_NAMES = {
  metadata: "Metadata",
  contents: "Contents",
  pull_requests: "Pull requests",
  actions: "Actions",
  checks: "Checks",
  deployments: "Deployments",
} as const;
export const ACCESS_NAMES = { read: "Read-only", write: "Read and write" } as const;

export const PROPOSAL = {
  committedFrom: "Proposé depuis l’éditeur en ligne.",
  /** First line of the commit: « Contenu : <titre> ». */
  headline: (title: string) => `Contenu${NB}: ${title}`,
  fallbackTitle: "modifications du contenu",
} as const;
