import { BASE_PATH, stripBase } from "../lib/base-path";

/** Where the build writes the Pagefind index and its script (scripts/search-index.mjs). */
export const SEARCH_SCRIPT = "pagefind/pagefind.js";
/** The index's other shards, as folders under pagefind/ (["1/", "2/", …, "recent/"]). */
export const SEARCH_SHARDS = "pagefind/shards.json";
/** The results to drop: the shards' out-of-date versions of articles, and the recent shard's
 * sample (scripts/search-plan.mjs), by Pagefind id, or by id and route. */
export const SEARCH_STALE = "pagefind/stale.json";
/** Results shown at once, and added by each « more » click. */
export const PAGE_OF_RESULTS = 10;

export interface SearchHit {
  /** Site path of the article ("/blog/slug"). */
  path: string;
  title: string;
  /** Pagefind's excerpt: text with the matching words in <mark>. */
  excerpt: string;
}

interface PagefindResult {
  id: string;
  data: () => Promise<{ url: string; excerpt: string; meta: { title?: string } }>;
}
interface Pagefind {
  options: (options: { baseUrl: string }) => Promise<void>;
  mergeIndex: (indexPath: string) => Promise<void>;
  search: (query: string) => Promise<{ results: PagefindResult[] } | null>;
}
/** The results to drop: by id (`ids`), or by id when the result is the article at the route
 * given (`check`: Pagefind's ids are short hashes, unique within one shard only). */
export interface StaleResults {
  ids: ReadonlySet<string>;
  check: ReadonlyMap<string, string>;
}
/** Pagefind with its shards merged, and the results it holds out of date. */
interface SearchIndex {
  pagefind: Pagefind;
  stale: StaleResults;
}

let index: Promise<SearchIndex> | null = null;

/** A file of the index the build wrote: `fallback` when it is missing (an older build). */
async function indexFile(url: string, fallback: unknown): Promise<unknown> {
  const response = await fetch(url);
  return response.ok ? ((await response.json()) as unknown) : fallback;
}

/** The shard folders listed by the build; anything else in the file is ignored. */
async function searchShards(base: string): Promise<string[]> {
  const list = await indexFile(`${base}${SEARCH_SHARDS}`, []);
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string" && /^(?:\d+|recent)\/$/.test(x)) : [];
}

/** The stale results listed by the build; anything else in the file is ignored. */
async function staleResults(base: string): Promise<StaleResults> {
  const file = await indexFile(`${base}${SEARCH_STALE}`, {});
  const { ids, check } = (typeof file === "object" && file !== null ? file : {}) as Record<string, unknown>;
  return {
    ids: new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : []),
    check: new Map(
      typeof check === "object" && check !== null
        ? Object.entries(check).filter((entry): entry is [string, string] => typeof entry[1] === "string")
        : [],
    ),
  };
}

/** Pagefind's script and index, fetched the first time the visitor opens the search (not
 * before: the pages' own JavaScript does not include them); the index's shards are merged
 * into one search. */
export function loadSearch(base: string = BASE_PATH): Promise<SearchIndex> {
  index ??= Promise.all([
    import(/* @vite-ignore */ `${base}${SEARCH_SCRIPT}`) as Promise<Pagefind>,
    searchShards(base),
    staleResults(base),
  ]).then(
    async ([module, shards, stale]) => {
      await module.options({ baseUrl: base });
      await Promise.all(shards.map((folder) => module.mergeIndex(`${base}pagefind/${folder}`)));
      return { pagefind: module, stale };
    },
    (error: unknown) => {
      index = null; // try again next time (e.g. back online)
      throw error;
    },
  );
  return index;
}

/** "/coaching/blog/x.html" → "/blog/x": Pagefind names the indexed files, the site its routes. */
export function routeOfResult(url: string, base: string = BASE_PATH): string {
  return stripBase(url.replace(/(?:\/index)?\.html$/, ""), base) || "/";
}

/** A search: how many articles match, and their details on demand, best first. */
export interface SearchResults {
  total: number;
  /** The hits from `start` (inclusive) to `end` (exclusive). */
  hits: (start: number, end: number) => Promise<SearchHit[]>;
}

/** `results` without those the build listed as stale: by id, or, for an id listed with a
 * route, when the result is that route's document (only those results' details are read). */
export async function currentResults<Result extends PagefindResult>(
  results: Result[],
  stale: StaleResults,
): Promise<Result[]> {
  const dropped = await Promise.all(
    results.map(async (result) => {
      if (stale.ids.has(result.id)) return true;
      const route = stale.check.get(result.id);
      return route !== undefined && routeOfResult((await result.data()).url) === route;
    }),
  );
  return results.filter((_, i) => !dropped[i]);
}

/** The words of a query as Pagefind reads them: split on spaces, without the quotes that
 * would make it a phrase search; a piece with no letter or digit is no word. */
export function queryWords(query: string): string[] {
  return query
    .replace(/["\u201c\u201d]/g, " ")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/** The articles that hold every word of the query as a whole French word (« écrans » finds
 * « écran », « colère » finds « colères »), best first.
 *
 * Pagefind alone also extends a word to the longer words it begins (« col » finds
 * « colère ») and, when a word is in no article, falls back to its longest prefix that is:
 * « harcèlement » then found every « 21 h 30 ». So each word is also looked up alone as an
 * exact search (`"word"`: the stem of the word, nothing longer or shorter), and only the
 * articles every word's exact search found are kept, in the order of the ranked search. */
export async function searchArticles(query: string): Promise<SearchResults> {
  const { pagefind, stale } = await loadSearch();
  const words = queryWords(query);
  if (words.length === 0) return { total: 0, hits: () => Promise.resolve([]) };
  const [ranked, ...exact] = await Promise.all(
    [words.join(" "), ...words.map((word) => `"${word}"`)].map(
      async (text) => currentResults((await pagefind.search(text))?.results ?? [], stale),
    ),
  );
  const everyWord = exact.reduce<Set<string> | null>((kept, found) => {
    const ids = new Set(found.map((result) => result.id));
    return kept === null ? ids : new Set([...kept].filter((id) => ids.has(id)));
  }, null);
  const results = (ranked ?? []).filter((result) => everyWord?.has(result.id) === true);
  // One word: its exact search's excerpt marks that word only, never a longer one.
  const excerptOf = new Map(words.length === 1 ? exact[0]?.map((r) => [r.id, r]) : []);
  return {
    total: results.length,
    hits: (start, end) =>
      Promise.all(
        results.slice(start, end).map(async (result) => {
          const data = await (excerptOf.get(result.id) ?? result).data();
          return { path: routeOfResult(data.url), title: data.meta.title ?? "", excerpt: data.excerpt };
        }),
      ),
  };
}

/** Pagefind's excerpt as plain text pieces, `marked` for the matching words; any other
 * markup is dropped, so nothing in an excerpt can become HTML. */
export function excerptParts(excerpt: string): Array<{ text: string; marked: boolean }> {
  const doc = new DOMParser().parseFromString(`<body>${excerpt}</body>`, "text/html");
  return [...doc.body.childNodes].map((node) => ({
    text: node.textContent ?? "",
    marked: node.nodeName === "MARK",
  }));
}
