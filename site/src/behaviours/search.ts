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
  id: string;
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
  const engine = await loadSearch();
  const words = queryWords(query);
  if (words.length === 0) return { total: 0, hits: () => Promise.resolve([]) };
  const [ranked, ...exact] = await Promise.all(
    [words.join(" "), ...words.map((word) => `"${word}"`)].map(
      async (text) => (await engine.search(text))?.results ?? [],
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
