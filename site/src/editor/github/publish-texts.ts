/** The French texts of publishing from the carnet: the button, the states after it, and each
 * refusal as a sentence that says what to do next. Typed with ordinary spaces; `typeset`
 * gives them French typography. None promises what GitHub has not done. */

import { fill, typeset } from "../server-texts.ts";

export const PUBLISH = typeset({
  publish: "Publier",
  publishHelp: "Les vérifications sont au vert : « Publier » met cette proposition en ligne sur le site.",
  merging: "Publication en cours…",
  publishing: "Publication en cours… Le site public se met à jour (quelques minutes).",
  live: "En ligne",
  viewLive: "Voir la page en ligne",
  failed:
    "La mise en ligne a échoué : votre modification est bien sur GitHub, mais le site public n’a pas changé. " +
    "Transmettez le lien ci-dessous à la personne qui gère le site : elle pourra relancer la publication.",
  failedRun: "Voir le déroulement de la publication sur GitHub",
  headMoved:
    "Rien n’a été publié : la proposition a changé sur GitHub depuis que vous l’avez vue. " +
    "Relisez-la sur GitHub, puis cliquez à nouveau sur « Publier ».",
  refusedReview:
    "Rien n’a été publié : ce site demande qu’une personne qui le gère relise et approuve chaque proposition. " +
    "Cliquez sur « Demander une relecture » : elle recevra la demande, avec cette raison.",
  refusedChecks:
    "Rien n’a été publié : les vérifications demandées par le site ne sont pas toutes au vert. " +
    "Corrigez ce qu’elles signalent et proposez à nouveau, ou demandez une relecture.",
  refusedCheck:
    "Rien n’a été publié : la vérification « {check} » n’est pas au vert (en cours ou en échec). " +
    "Attendez qu’elle réussisse, ou corrigez ce qu’elle signale et proposez à nouveau ; vous pouvez aussi demander une relecture.",
  refusedConflict:
    "Rien n’a été publié : une modification publiée entre-temps touche les mêmes lignes que votre proposition. " +
    "Cliquez sur « Demander une relecture » : la personne qui gère le site pourra réunir les deux.",
  refusedPermission:
    "Rien n’a été publié : votre compte peut proposer mais pas publier sur ce site. " +
    "Cliquez sur « Demander une relecture » : une personne qui gère le site pourra publier votre proposition.",
  requestReview: "Demander une relecture",
  reviewRequested: "Relecture demandée à {people}. La raison est écrite dans la proposition, sur GitHub.",
  reviewNote: "Relecture demandée depuis le carnet : {reason}",
  noReviewer: "Aucune autre personne ne gère ce dépôt : demandez à la personne qui vous y a ajoutée de publier votre proposition.",
  kept: "Votre proposition et vos modifications restent là : rien n’est perdu.",
});

export const publishText = (key: keyof typeof PUBLISH, values: Record<string, string | number> = {}) => fill(PUBLISH[key], values);
