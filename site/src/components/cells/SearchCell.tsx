import { Search } from "../icons";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import type { CellOf } from "../../types";
import { settings } from "../../site";
import { fillTemplate } from "../../lib/template";
import {
  PAGE_OF_RESULTS,
  excerptParts,
  loadSearch,
  searchArticles,
  type SearchHit,
  type SearchResults,
} from "../../behaviours/search";
import { Section } from "../Section";
import "./SearchCell.css";

type Status = "idle" | "loading" | "done" | "unavailable";

/** Waits this long after the last keystroke before searching. */
const TYPING_PAUSE_MS = 250;

/** Full-text search in the articles. The search engine and its index load when the visitor
 * focuses the field or types; results are links, announced politely to screen readers. */
export function SearchCell({ cell }: { cell: CellOf<"search"> }) {
  const texts = settings.interface.search;
  const inputId = useId();
  const [query, setQuery] = useState("");
  const [searched, setSearched] = useState("");
  const [status, setStatus] = useState<Status>("idle");
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [results, setResults] = useState<SearchResults | null>(null);
  const latest = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const run = (text: string) => {
    const wanted = text.trim();
    window.clearTimeout(timer.current);
    if (!wanted) {
      setStatus("idle");
      setHits([]);
      setResults(null);
      return;
    }
    const ticket = ++latest.current;
    setStatus("loading");
    searchArticles(wanted)
      .then(async (found) => [found, await found.hits(0, PAGE_OF_RESULTS)] as const)
      .then(
        ([found, first]) => {
          if (ticket !== latest.current) return; // an older search finishing late
          setResults(found);
          setHits(first);
          setSearched(wanted);
          setStatus("done");
        },
        () => ticket === latest.current && setStatus("unavailable"),
      );
  };

  const showMore = () => {
    const ticket = latest.current;
    results?.hits(hits.length, hits.length + PAGE_OF_RESULTS).then((more) => {
      if (ticket === latest.current) setHits((shown) => [...shown, ...more]);
    }, () => undefined);
  };

  const total = results?.total ?? 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run(query);
  };

  const statusText =
    status === "loading"
      ? texts.loading
      : status === "unavailable"
        ? texts.unavailable
        : status === "done"
          ? total === 0
            ? fillTemplate(texts.noResult, { query: searched })
            : total === 1
              ? fillTemplate(texts.oneResult, { query: searched })
              : fillTemplate(texts.results, { count: total.toLocaleString("fr-FR"), query: searched })
          : "";

  return (
    <Section kind="search" anchor={cell.anchor} title={cell.title} intro={cell.intro} width="narrow">
      <form role="search" className="search" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="search__label">
          {texts.label}
        </label>
        <div className="search__field">
          <input
            id={inputId}
            type="search"
            name="q"
            value={query}
            placeholder={texts.placeholder}
            autoComplete="off"
            enterKeyHint="search"
            onFocus={() => void loadSearch().catch(() => undefined)}
            onChange={(event) => {
              const text = event.target.value;
              setQuery(text);
              window.clearTimeout(timer.current);
              timer.current = window.setTimeout(() => run(text), TYPING_PAUSE_MS);
            }}
          />
          <button type="submit" className="button button--primary search__submit">
            <Search aria-hidden="true" focusable="false" size={18} />
            {texts.submit}
          </button>
        </div>
      </form>
      <p className="search__status" role="status" aria-live="polite">
        {statusText}
      </p>
      {status === "done" && hits.length > 0 ? (
        <ol className="search__results">
          {hits.map((hit) => (
            <li key={hit.path} className="search__result">
              <Link to={hit.path} className="search__result-link">
                {hit.title}
              </Link>
              <p className="search__excerpt">
                {excerptParts(hit.excerpt).map((part, index) =>
                  part.marked ? <mark key={index}>{part.text}</mark> : part.text,
                )}
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      {status === "done" && hits.length < total ? (
        <button type="button" className="button button--secondary search__more" onClick={showMore}>
          {texts.more}
        </button>
      ) : null}
    </Section>
  );
}
