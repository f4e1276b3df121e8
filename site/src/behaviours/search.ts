import { BASE_PATH, stripBase } from "../lib/base-path";

/** Where the build writes the Pagefind index and its script (scripts/search-index.mjs). */
export const SEARCH_SCRIPT = "pagefind/pagefind.js";
/** The index's other shards, as folders under pagefind/ (["1/", "2/", …]). */
export const SEARCH_SHARDS = "pagefind/shards.json";
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
  data: () => Promise<{ url: string; excerpt: string; meta: { title?: string } }>;
}
interface Pagefind {
  options: (options: { baseUrl: string }) => Promise<void>;
  mergeIndex: (indexPath: string) => Promise<void>;
  search: (query: string) => Promise<{ results: PagefindResult[] } | null>;
}

let pagefind: Promise<Pagefind> | null = null;

/** The shard folders listed by the build; anything else in the file is ignored. */
async function searchShards(base: string): Promise<string[]> {
  const response = await fetch(`${base}${SEARCH_SHARDS}`);
  const list: unknown = response.ok ? await response.json() : [];
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string" && /^\d+\/$/.test(x)) : [];
}

/** Pagefind's script and index, fetched the first time the visitor opens the search (not
 * before: the pages' own JavaScript does not include them); the index's shards are merged
 * into one search. */
export function loadSearch(base: string = BASE_PATH): Promise<Pagefind> {
  pagefind ??= Promise.all([
    import(/* @vite-ignore */ `${base}${SEARCH_SCRIPT}`) as Promise<Pagefind>,
    searchShards(base),
  ]).then(
    async ([module, shards]) => {
      await module.options({ baseUrl: base });
      await Promise.all(shards.map((folder) => module.mergeIndex(`${base}pagefind/${folder}`)));
      return module;
    },
    (error: unknown) => {
      pagefind = null; // try again next time (e.g. back online)
      throw error;
    },
  );
  return pagefind;
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

export async function searchArticles(query: string): Promise<SearchResults> {
  const engine = await loadSearch();
  const results = (await engine.search(query))?.results ?? [];
  return {
    total: results.length,
    hits: (start, end) =>
      Promise.all(
        results.slice(start, end).map(async (result) => {
          const data = await result.data();
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
