import type { LiveUpdate } from "../types";

/** The custom HMR event the dev server sends after `contenu dev` rebuilt the preview. */
export const LIVE_CONTENT_EVENT = "renouer:content";

/** Where the dev server serves the current live.json (the diagnostics at start-up). */
export const LIVE_FILE_URL = "/@contenu/live.json";

/** What the event carries: live.json (files rewritten, current errors) and, when they are
 * small, the new contents of the data files it names (`data/site.json`,
 * `data/routes/<key>.json`), as they are on disk: the page need not fetch them. */
export type LiveContentUpdate = LiveUpdate & { files?: Record<string, unknown> };

/** The data files whose contents ride along with the event (more is left to fetch). */
export const LIVE_FILES_MAX_BYTES = 512 * 1024;

/** The data files of a build the page may take from the event. */
export const LIVE_DATA_FILE = /^data\/(?:site|routes\/.+)\.json$/;
