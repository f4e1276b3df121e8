// The carnet on the dev server (`contenu dev`) has a port of its own. The site's pages run on
// Vite's port with no policy and, once a provider is set, MailerLite's, Calendly's or Meta's
// script: anything on that origin could read the carnet's page (its meta tag holds the write
// token of the local API) and call the API. So the carnet's page and its API are served only
// on a second port, another origin, by the same Vite app (its modules and websocket too):
//
// - on the site's port, `<base>editeur/…` is never served (a visit is sent to the carnet's);
// - on the carnet's port, its page goes only to a top-level navigation (not to a fetch, not
//   into a frame: a meta policy cannot say frame-ancestors), no other page is served, and
//   nothing answers a request from another origin (the site's port is one);
// - its policy names the dev server's own websocket, by its address, and frames only the
//   site's port (the whole-page preview).
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { ProseRenderer, TOKEN_META, editorApi } from "./editor-api.ts";
import { EDITOR_CSP_MARK, EDITOR_TOKEN_MARK, devNonce, editorPolicy } from "./editor-page.ts";
import { REFUSALS } from "../src/editor/server-texts.ts";

/** Where the carnet's page finds the site's address (the whole-page preview). */
export const SITE_META = "carnet-site";
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** What a browser loads as a page (Sec-Fetch-Dest): never served on the carnet's port but its own. */
const DOCUMENTS = new Set(["document", "iframe", "frame", "embed", "object", "fencedframe"]);

function refuse(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(text);
}

/** `localhost` (or 127.0.0.1, [::1]) of a request's Host header, or null. */
function localHostname(req: IncomingMessage): string | null {
  const hostname = (req.headers.host ?? "").replace(/:\d+$/, "");
  return LOCAL_HOSTS.has(hostname) ? hostname : null;
}

export interface CarnetPorts {
  site: () => number;
  carnet: () => number;
}

/** The gate in front of every middleware of the dev server: which port serves what. */
export function carnetGate(ports: CarnetPorts, base: () => string, servePage: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    const prefix = `${base()}editeur/`;
    const mine = pathname.startsWith(prefix);
    const hostname = localHostname(req);
    if (req.socket.localPort !== ports.carnet()) {
      if (!mine) return next();
      // The site's port: a visit (typed address, old bookmark) goes to the carnet's port.
      if (req.headers["sec-fetch-mode"] === "navigate" && req.method === "GET" && hostname) {
        res.statusCode = 302;
        res.setHeader("Location", `http://${hostname}:${ports.carnet()}${prefix}`);
        res.setHeader("Cache-Control", "no-store");
        return void res.end();
      }
      return refuse(res, 404, REFUSALS.elsewhere);
    }
    if (!hostname) return refuse(res, 403, REFUSALS.host);
    const site = req.headers["sec-fetch-site"];
    const dest = req.headers["sec-fetch-dest"];
    const navigation = req.headers["sec-fetch-mode"] === "navigate";
    if (pathname === prefix || pathname === `${prefix}index.html`) {
      // Only a tab of its own gets the page (and its token): not a fetch, not a frame.
      if (!navigation || dest !== "document" || req.method !== "GET") return refuse(res, 403, REFUSALS.topLevel);
      return void servePage(req, res).catch(next);
    }
    // Nothing else is a page here (a site page on this origin would be the carnet's).
    if (typeof dest === "string" && DOCUMENTS.has(dest)) return refuse(res, 404, REFUSALS.elsewhere);
    // Nothing here answers another origin, the site's port included.
    if (site !== undefined && site !== "same-origin") return refuse(res, 403, REFUSALS.origin);
    next();
  };
}

/** The carnet's page for one request: Vite's transforms, then the policy, the token and the
 * site's address, written for the address it was asked at. */
async function carnetPage(server: ViteDevServer, req: IncomingMessage, token: string, ports: CarnetPorts): Promise<string> {
  const hostname = localHostname(req) as string;
  const raw = await readFile(path.join(server.config.root, "editeur", "index.html"), "utf8");
  const html = await server.transformIndexHtml(req.url ?? "/", raw, req.url);
  const site = `http://${hostname}:${ports.site()}`;
  const policy = editorPolicy({ nonce: devNonce, websocket: `ws://${hostname}:${ports.carnet()}`, frames: [site] });
  // The policy first in <head>, before what Vite put there (its client, React's preamble).
  return html
    .replace(EDITOR_CSP_MARK, "")
    .replace(/<head>/i, `<head>\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`)
    .replace(
      EDITOR_TOKEN_MARK,
      `<meta name="${TOKEN_META}" content="${token}" /><meta name="${SITE_META}" content="${site}${server.config.base}" />`,
    );
}

/** The Vite plugin: the gate, the local API, and the carnet's own port (CARNET_PORT, set by
 * `contenu dev`; any free port otherwise, printed). */
export function carnetServer(contentDir: string, base: () => string): Plugin {
  const token = randomBytes(32).toString("base64url");
  return {
    name: "renouer-carnet-server",
    apply: "serve",
    // Its gate before any other plugin's middleware (the live preview's data and images too).
    enforce: "pre",
    configureServer(server) {
      // Set by `contenu dev`: the Python that runs the pipeline renders the prose previews.
      const python = process.env.CONTENU_PYTHON;
      const renderer = python ? new ProseRenderer(python) : null;
      const carnet = createServer(server.middlewares);
      const ports: CarnetPorts = {
        site: () => (server.httpServer?.address() as AddressInfo | null)?.port ?? -1,
        carnet: () => (carnet.address() as AddressInfo | null)?.port ?? -1,
      };
      const servePage = async (req: IncomingMessage, res: ServerResponse) => {
        const html = await carnetPage(server, req, token, ports);
        res.statusCode = 200;
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.setHeader("Cache-Control", "no-store");
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.end(html);
      };
      // Before Vite's own middlewares (configureServer runs before they are installed).
      server.middlewares.use(carnetGate(ports, base, servePage));
      server.middlewares.use(editorApi(contentDir, token, base, renderer));
      // Vite's websocket, on this port too: its client connects to the port it came from.
      carnet.on("upgrade", (req, socket, head) => {
        if (req.headers.origin !== `http://${req.headers.host}`) return void socket.destroy();
        server.httpServer?.emit("upgrade", req, socket, head);
      });
      server.httpServer?.once("listening", () => {
        const address = server.httpServer?.address() as AddressInfo;
        carnet.listen(Number(process.env.CARNET_PORT || 0), address.address, () => {
          if (!process.env.CARNET_PORT) server.config.logger.info(`  Carnet : http://localhost:${ports.carnet()}${base()}editeur/`);
        });
      });
      server.httpServer?.once("close", () => {
        carnet.close();
        renderer?.stop();
      });
    },
  };
}
