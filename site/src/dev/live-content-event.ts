import type { LiveUpdate } from "../types";

/** The custom HMR event the dev server sends after `contenu dev` rebuilt the preview. */
export const LIVE_CONTENT_EVENT = "renouer:content";

/** Where the dev server serves the current live.json (the diagnostics at start-up). */
export const LIVE_FILE_URL = "/@contenu/live.json";

/** What the event carries: live.json (files rewritten, current errors). */
export type LiveContentUpdate = LiveUpdate;
