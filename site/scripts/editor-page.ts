// The editor's page (editeur/index.html) gets its own Content-Security-Policy: stricter than
// the site's (no inline style either), open to GitHub's API. On a build its scripts are
// pinned: script-src and worker-src name each file of the carnet's bundle by its full
// address, so that 'self' (on owner.github.io, every repository of the owner) admits none
// of another repository's scripts. On the dev server the carnet has a port of its own
// (editor-server.ts), which writes the policy for each request: Vite's nonce for what it
// injects, and the dev server's own websocket by its address. docs/security.md.
import { randomBytes } from "node:crypto";
import type { Plugin } from "vite";

export const EDITOR_CSP_MARK = "<!--editor-csp-->";
export const EDITOR_TOKEN_MARK = "<!--editor-token-->";

const POLICY: Record<string, string[]> = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'"],
  // GitHub's API (the tests' build points VITE_GITHUB_API at their fake; see github/config.ts).
  "connect-src": ["'self'", new URL(process.env.VITE_GITHUB_API || "https://api.github.com").origin],
  // The whole-page preview shows the site's own pages in a frame (sandboxed: PagePreview.tsx).
  "frame-src": ["'self'"],
  "worker-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'none'"],
};

export interface PolicyOptions {
  /** Dev server: the nonce of what Vite injects. */
  nonce?: string;
  /** Dev server: its own websocket (`ws://localhost:5174`), the only one allowed. */
  websocket?: string;
  /** Where the site's pages are framed from, when not this origin ('self'). */
  frames?: string[];
  /** A build: every script and worker of the carnet, by full address (replaces 'self'). */
  scripts?: string[];
}

export function editorPolicy(options: PolicyOptions = {}): string {
  const { nonce, websocket, frames, scripts } = options;
  const replaced: Record<string, string[] | undefined> = { "frame-src": frames, "script-src": scripts, "worker-src": scripts };
  const extra: Record<string, string[]> = {
    "script-src": nonce ? [`'nonce-${nonce}'`] : [],
    "style-src": nonce ? [`'nonce-${nonce}'`] : [],
    "connect-src": websocket ? [websocket] : [],
  };
  return Object.entries(POLICY)
    .map(([directive, sources]) => [directive, ...(replaced[directive] ?? sources), ...(extra[directive] ?? [])].join(" "))
    .join("; ");
}

/** The nonce Vite puts on what it injects in development (`html.cspNonce`). */
export const devNonce = randomBytes(16).toString("base64url");

/** Hosts a build of the site is opened from on a computer (the pull request's artifact under
 * `python3 -m http.server`, the tests' server): the same files, pinned by path there too. */
const LOCAL_ORIGINS = ["http://localhost:*", "http://127.0.0.1:*"];

/** The full addresses of the carnet's scripts (`files`: paths in the build, base-relative). */
export function pinnedScripts(publicUrl: string, base: string, files: readonly string[]): string[] {
  const origin = new URL(publicUrl).origin;
  return [origin, ...LOCAL_ORIGINS].flatMap((host) => files.map((file) => `${host}${base}${file}`));
}

export interface EditorPageOptions {
  /** The site's public URL (SITE_URL, else the content's `siteUrl`). */
  siteUrl: string;
  /** The carnet's own origin when it is published there (CARNET_URL), else "". */
  carnetOrigin: string;
}

export function editorPage(command: "build" | "serve", options: EditorPageOptions): Plugin {
  const siteOrigin = options.siteUrl ? new URL(options.siteUrl).origin : "";
  // On an origin of its own, the carnet frames the site's pages from the site's origin.
  const frames = options.carnetOrigin && siteOrigin ? [siteOrigin] : undefined;
  let base = "/";
  return {
    name: "renouer-editor-page",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "pre",
      handler: (html) => {
        // The dev server's carnet page is written by editor-server.ts, request by request.
        if (command === "serve" || !html.includes(EDITOR_CSP_MARK)) return html;
        const page = html.replace(EDITOR_CSP_MARK, `<meta http-equiv="Content-Security-Policy" content="${editorPolicy({ frames })}" />`);
        // The token of the local API exists only on the dev server (scripts/editor-api.ts).
        return page.replace(EDITOR_TOKEN_MARK, "");
      },
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const page = bundle["editeur/index.html"];
        if (command !== "build" || page?.type !== "asset" || !options.siteUrl) return;
        const files = Object.values(bundle)
          .map((item) => item.fileName)
          .filter((file) => file.startsWith("editeur/") && /\.m?js$/.test(file))
          .sort();
        const scripts = pinnedScripts(options.carnetOrigin || options.siteUrl, base, files);
        const html = String(page.source);
        const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html);
        if (!policy) this.error("editeur/index.html has no Content-Security-Policy to pin its scripts in");
        page.source = html.replace(policy[1] as string, editorPolicy({ frames, scripts }));
      },
    },
  };
}
