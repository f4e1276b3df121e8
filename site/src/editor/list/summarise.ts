// The content list's summaries (title, state) of every Markdown file. Where the backend
// knows each file's version without reading it (GitHub: the tree's blob ids), a summary is
// kept in IndexedDB by version and path, and only the files not seen before are read, many
// at once (readTexts): a second sign-in with 4,000 articles reads none. Elsewhere (the local
// dev server) each file is read, a few at a time.
import { scopedStore, type Scoped } from "../idb.ts";
import { LOCAL_SCOPE, type Storage } from "../storage.ts";
import { summaryFields, summaryFrom, type Summary, type SummaryFields } from "./summaries.ts";

/** Files read at once while the list loads (the dev server is local; GitHub limits rates). */
const PARALLEL_READS = 8;
/** Files whose texts are asked for together (one GraphQL query on GitHub), and such
 * groups on their way at once. */
const GROUP = 400;
const PARALLEL_GROUPS = 4;

interface Cached extends Scoped {
  fields: SummaryFields;
}

const cache = scopedStore<Cached>("carnet-resumes", "resumes");
const keyOf = (version: string, path: string) => `${version}\u0000${path}`;

/** The summary fields of every path (those of the cache included), by path. */
export async function summaryFieldsOf(storage: Storage, paths: readonly string[]): Promise<Map<string, SummaryFields>> {
  const found = new Map<string, SummaryFields>();
  const scope = storage.scope ?? LOCAL_SCOPE;
  const versionOf = storage.versionOf?.bind(storage);
  const readTexts = storage.readTexts?.bind(storage);
  const one: string[] = [];
  if (versionOf && readTexts) {
    const kept = new Map((await cache.all(scope).catch(() => [])).map((c) => [c.path, c.fields]));
    const used = new Set<string>();
    const missing: string[] = [];
    for (const path of paths) {
      const version = versionOf(path);
      const hit = version && kept.get(keyOf(version, path));
      if (hit) {
        found.set(path, hit);
        used.add(keyOf(version, path));
      } else if (version) missing.push(path);
      else one.push(path);
    }
    // Read in groups, a few at once, each summarised as it comes: reading and parsing overlap.
    const fresh: Cached[] = [];
    const groups = Array.from({ length: Math.ceil(missing.length / GROUP) }, (_, i) => missing.slice(i * GROUP, (i + 1) * GROUP));
    const reader = async () => {
      for (let group = groups.shift(); group; group = groups.shift()) {
        const texts = await readTexts(group);
        for (const path of group) {
          const text = texts.get(path);
          if (typeof text !== "string") {
            one.push(path);
            continue;
          }
          const fields = summaryFields(path, text);
          found.set(path, fields);
          fresh.push({ scope, path: keyOf(versionOf(path)!, path), fields });
          used.add(keyOf(versionOf(path)!, path));
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_GROUPS }, reader));
    await cache.putAll(fresh).catch(() => undefined);
    // Versions no longer listed are forgotten: the cache holds one tree's worth.
    await cache.deleteAll(scope, [...kept.keys()].filter((key) => !used.has(key))).catch(() => undefined);
  } else one.push(...paths);
  const queue = [...one];
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) found.set(path, summaryFields(path, await storage.readFile(path)));
  };
  await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
  return found;
}

export async function summarise(storage: Storage, paths: readonly string[]): Promise<Map<string, Summary>> {
  const fields = await summaryFieldsOf(storage, paths);
  return new Map([...fields].map(([path, f]) => [path, summaryFrom(f)]));
}
