// `contenu dev` rewrites files of src/bundles/ on every save. By default Vite would reload
// the page (site.json and the route bundles are imported by modules that do not accept
// updates), losing the scroll position and any state. This plugin (dev server only) sends
// the new JSON in a custom HMR event instead; src/dev/live-preview.tsx re-renders in place.
import path from "node:path";
import type { Plugin } from "vite";
import { LIVE_CONTENT_EVENT, type LiveContentUpdate } from "../src/dev/live-content-event.ts";

export function liveContent(bundlesDir: string): Plugin {
  const root = path.resolve(bundlesDir);
  return {
    name: "renouer-live-content",
    apply: "serve",
    async hotUpdate({ type, file, modules, read }) {
      const relative = path.relative(root, file);
      if (relative.startsWith("..") || path.isAbsolute(relative) || !relative.endsWith(".json")) return;
      // A new or deleted route file changes the glob of src/bundles.ts: let Vite reload.
      if (type === "delete") return;
      // The next full load (or import) must see the new content, not the cached module.
      for (const mod of modules) this.environment.moduleGraph.invalidateModule(mod);
      if (this.environment.name !== "client") return [];
      let data: unknown;
      try {
        data = JSON.parse(await read());
      } catch {
        return []; // caught mid-write: the event for the complete file follows
      }
      const update: LiveContentUpdate = { file: relative.split(path.sep).join("/"), data };
      this.environment.hot.send(LIVE_CONTENT_EVENT, update);
      return [];
    },
  };
}
