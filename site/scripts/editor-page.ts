// The editor's page (editeur/index.html) gets its own Content-Security-Policy: stricter than
// the site's (no inline style either), and open to GitHub's API for the next step (proposing
// the change from the editor). The dev server adds a per-run nonce for the scripts and styles
// Vite itself injects (its client, React's refresh preamble, CSS during development) and its
// WebSocket; nothing of this touches the site's own pages.
import { randomBytes } from "node:crypto";
import type { Plugin } from "vite";

export const EDITOR_CSP_MARK = "<!--editor-csp-->";

const POLICY: Record<string, string[]> = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'"],
  // GitHub's API (the tests' build points VITE_GITHUB_API at their fake; see github/config.ts).
  "connect-src": ["'self'", new URL(process.env.VITE_GITHUB_API || "https://api.github.com").origin],
  // The whole-page preview shows the site's own pages in a frame.
  "frame-src": ["'self'"],
  "worker-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'none'"],
};

export function editorPolicy(nonce?: string): string {
  const extra: Record<string, string[]> = nonce
    ? { "script-src": [`'nonce-${nonce}'`], "style-src": [`'nonce-${nonce}'`], "connect-src": ["ws:"] }
    : {};
  return Object.entries(POLICY)
    .map(([directive, sources]) => [directive, ...sources, ...(extra[directive] ?? [])].join(" "))
    .join("; ");
}

/** The nonce Vite puts on what it injects in development (`html.cspNonce`). */
export const devNonce = randomBytes(16).toString("base64url");

export function editorPage(command: "build" | "serve"): Plugin {
  const policy = editorPolicy(command === "serve" ? devNonce : undefined);
  return {
    name: "renouer-editor-page",
    transformIndexHtml: {
      order: "pre",
      handler: (html) => {
        if (!html.includes(EDITOR_CSP_MARK)) return html;
        const page = html.replace(EDITOR_CSP_MARK, `<meta http-equiv="Content-Security-Policy" content="${policy}" />`);
        // The token of the local API exists only on the dev server (scripts/editor-api.ts).
        return command === "build" ? page.replace("<!--editor-token-->", "") : page;
      },
    },
  };
}
