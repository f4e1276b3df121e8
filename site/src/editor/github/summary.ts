/** The pull request's French title, body and branch name, in the words of
 * `contenu changements` (change-words.gen.ts, generated from tools/contenu/changes/words.py):
 * what changes on the site (pages, articles, drafts, scheduled), not which files. */

import { CHANGE_WORDS as W } from "./change-words.gen.ts";
import { PROPOSAL } from "./texts.ts";

export type ChangeKind = keyof typeof W.kinds;
type SectionKey = keyof typeof W.sections;

/** What the editor knows of a changed file beyond its path (all optional). */
export interface ChangeDetail {
  /** Public paths that show it (an entry's pages), when the editor knows them. */
  addresses?: string[];
  status?: "draft" | "scheduled" | "published";
  /** A scheduled article's date in French (« 12 décembre 2026 »). */
  scheduledOn?: string;
  hasErrors?: boolean;
}

export interface SummaryRow {
  path: string;
  kind: ChangeKind;
  detail?: ChangeDetail;
}

interface Described {
  section: SectionKey;
  label: string;
  addresses: string[];
}

const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));

/** What the file at `path` (« content/… ») is on the public site, from its place alone. */
export function describe(path: string, detail: ChangeDetail = {}): Described {
  const rel = path.startsWith(`${W.contentDir}/`) ? path.slice(W.contentDir.length + 1) : path;
  const [folder = "", ...rest] = rel.split("/");
  const file = rest.join("/");
  const name = file.replace(/\.md$/, "");
  const given = detail.addresses ?? [];
  const singleton = (W.singletons as Record<string, { title: string; everyPage: boolean }>)[rel];
  const collection = (W.collections as Record<string, string>)[folder];
  if (singleton) {
    return { section: "settings", label: singleton.title, addresses: singleton.everyPage ? [W.everyPage] : given };
  }
  if (folder === W.folders.pages && rest.length === 1 && file.endsWith(".md")) {
    if (name === "404") return { section: "pages", label: W.labels.not_found, addresses: [W.anywhere] };
    const address = name === "index" ? "/" : `/${name}`;
    const label = name === "index" ? W.labels.home : fill(W.labels.page, { name });
    return { section: "pages", label, addresses: [address] };
  }
  if (folder === W.folders.articles && rest.length === 1 && file.endsWith(".md")) {
    return { section: "articles", label: fill(W.labels.article, { name }), addresses: [fill(W.articlePath, { name })] };
  }
  if (collection && rest.length === 1 && file.endsWith(".md")) {
    return { section: "entries", label: fill(collection, { name }), addresses: given.length ? given : [W.nowhere] };
  }
  if (folder === W.folders.images && file) {
    return { section: "images", label: fill(W.labels.image, { name: rest[rest.length - 1]! }), addresses: [`/${rel}`] };
  }
  return { section: "other", label: fill(W.labels.other, { name: rel }), addresses: given };
}

function notes(detail: ChangeDetail): string[] {
  const out: string[] = [];
  if (detail.hasErrors) out.push(W.notes.error);
  if (detail.status === "draft") out.push(W.notes.draft);
  if (detail.status === "scheduled" && detail.scheduledOn) out.push(fill(W.notes.scheduled, { date: detail.scheduledOn }));
  return out;
}

/** Table cells written from text nobody reviewed: no HTML, no code spans, no pipes. */
const cell = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/`/g, "'").replace(/\|/g, "\\|").replace(/\n/g, " ");
const code = (text: string): string => "`" + text.replace(/`/g, "'").replace(/\|/g, "\\|").replace(/\n/g, " ") + "`";
const addressCell = (paths: string[]): string =>
  paths.map((p) => (p.startsWith("«") ? p : code(p))).join(", ") || "—";

/** The Markdown body: one table per section, then whether the content is valid. */
export function pullRequestBody(rows: SummaryRow[], errors: number): string {
  const bySection = new Map<SectionKey, string[]>();
  for (const row of rows) {
    const detail = row.detail ?? {};
    const what = describe(row.path, detail);
    const extra = row.kind === "deleted" ? [] : notes(detail);
    const label = cell(what.label) + (extra.length ? ` (${extra.join(W.noteSeparator)})` : "");
    const line = `| ${W.kinds[row.kind]} | ${label} | ${addressCell(what.addresses)} | ${code(row.path)} |`;
    bySection.set(what.section, [...(bySection.get(what.section) ?? []), line]);
  }
  const count = rows.length;
  const parts: string[] = [W.title, "", fill(W.filesChanged, { count, s: count > 1 ? "s" : "" }), ""];
  for (const key of Object.keys(W.sections) as SectionKey[]) {
    const lines = bySection.get(key);
    if (!lines) continue;
    const header = `| ${W.tableHeader.join(" | ")} |`;
    parts.push(`### ${W.sections[key]}`, "", header, "|" + "---|".repeat(W.tableHeader.length), ...lines, "");
  }
  parts.push(errors ? fill(W.checkErrors, { count: errors, s: errors > 1 ? "s" : "" }) : W.checkOk, "");
  parts.push(PROPOSAL.committedFrom);
  return parts.join("\n");
}

/** The most characters a proposal's title keeps (the branch, the commit, the pull request). */
export const TITLE_MAX = 80;

/** Control, invisible and bidirectional characters: a title nobody reviewed could reorder
 * or hide what GitHub shows with them. By Unicode category, beyond the first plane too (the
 * tag characters U+E0020–E007F were kept by a list of ranges); U+2065, unassigned, with them. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u2065]/gu;

/** The title as proposed: one line of visible characters, TITLE_MAX at most (cut at a
 * character, never inside one). */
export function cleanTitle(title: string): string {
  const plain = title.normalize("NFC").replace(INVISIBLE, " ").replace(/\s+/g, " ").trim();
  const chars = Array.from(plain);
  return chars.length > TITLE_MAX ? chars.slice(0, TITLE_MAX - 1).join("").trimEnd() + "…" : plain;
}

export function pullRequestTitle(title: string): string {
  return PROPOSAL.headline(cleanTitle(title) || PROPOSAL.fallbackTitle);
}

/** What every branch the carnet makes starts with: how it finds its own pull requests
 * again from GitHub alone (docs/decisions.md « The carnet's proposals »). */
export const BRANCH_PREFIX = "contenu/";

/** « contenu/2026-11-25-nouveaux-prix »: the date and a few words of the title. */
export function branchName(title: string, today: Date): string {
  const date = today.toISOString().slice(0, 10);
  const words = (cleanTitle(title) || PROPOSAL.fallbackTitle)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  let short = words.slice(0, 40);
  if (words.length > 40 && short.includes("-")) short = short.slice(0, short.lastIndexOf("-"));
  return `${BRANCH_PREFIX}${date}-${short || "modifications"}`;
}
