// What the content list shows of a file: its title and its state (brouillon, programmé le …,
// publié), read from its frontmatter by the core; and « Nouveau »: the file `contenu new`
// writes, from its generated template.
import { stringify } from "yaml";
import { FILE_KINDS, SCHEMAS, collectionOf, dataOf, parseDocument, type FileKind } from "../core/index.ts";
import { slugify } from "../emulated/slug.ts";
import model from "../generated/content-model.gen.json" with { type: "json" };
import { frenchDate, t } from "../texts.ts";

export interface Summary {
  title: string;
  state: string;
  /** An article's category (the limit on categories is checked across them). */
  category?: string;
}

const TEMPLATES: Record<string, string> = model.templates;

/** The first required text field of a kind's schema holds its title (title, name, question…). */
function titleField(kind: FileKind): string | undefined {
  const schema = SCHEMAS[kind.schema];
  const properties = (schema?.properties ?? {}) as Record<string, { type?: string }>;
  return ((schema?.required ?? []) as string[]).find((key) => properties[key]?.type === "string");
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** What a summary is made of, read from a file once (and cached by its version): the state
 * itself depends on today's date. */
export interface SummaryFields {
  title: string;
  draft: boolean;
  publishDate: string;
  /** The article's category, for the limit on categories (limits.py). */
  category?: string;
}

/** The text up to the end of its frontmatter (its closing « --- » line): all a summary
 * reads, so an article's body is not parsed for the list (4,000 of them at sign-in). */
export function frontmatterOf(text: string): string {
  let start = text.indexOf("\n") + 1;
  if (start === 0 || text.slice(0, start).replace(/^\ufeff/, "").trimEnd() !== "---") return text;
  while (start < text.length) {
    const next = text.indexOf("\n", start);
    const end = next === -1 ? text.length : next + 1;
    const line = text.slice(start, end).trimEnd();
    if (line === "---" || line === "...") return text.slice(0, end);
    start = end;
  }
  return text;
}

export function summaryFields(path: string, text: string): SummaryFields {
  const { kind, id } = collectionOf(path);
  let data: Record<string, unknown> = {};
  try {
    data = (dataOf(parseDocument(path, frontmatterOf(text)), "frontmatter") ?? {}) as Record<string, unknown>;
  } catch {
    // An unreadable frontmatter: the file is listed by its name, the editor shows why.
  }
  const field = kind && titleField(kind);
  const value = field ? data[field] : undefined;
  const title = kind?.path ? kind.title : typeof value === "string" && value.trim() ? value : id;
  const publishDate = typeof data.publishDate === "string" ? data.publishDate : String(data.publishDate ?? "");
  const fields: SummaryFields = { title, draft: data.draft === true, publishDate };
  if (typeof data.category === "string") fields.category = data.category;
  return fields;
}

export function summaryFrom({ title, draft, publishDate, category }: SummaryFields): Summary {
  let state = t("statePublished");
  if (draft) state = t("stateDraft");
  else if (/^\d{4}-\d{2}-\d{2}$/.test(publishDate) && publishDate > today()) {
    state = t("stateScheduled", { date: frenchDate(publishDate) });
  }
  return category === undefined ? { title, state } : { title, state, category };
}

export function summaryOf(path: string, text: string): Summary {
  return summaryFrom(summaryFields(path, text));
}

/** The kinds a coach can create a file of (`contenu new <kind>`). */
export const NEW_KINDS: readonly FileKind[] = FILE_KINDS.filter((kind) => kind.folder && TEMPLATES[kind.key]);

/** « Être parent ? » → "etre-parent" (the name `contenu new` gives). */
export { slugify };

/** An image `contenu new` would put in a new entry: a team photo first, else the first one. */
function defaultImage(images: readonly string[]): string {
  const sorted = [...images].sort((a, b) => {
    const rank = (path: string) => (path.split("/").includes("equipe") ? 0 : 1);
    return rank(a) - rank(b) || (a < b ? -1 : 1);
  });
  return sorted[0] ? `/${sorted[0]}` : "/images/portrait.jpg";
}

/** The new file of `kind` titled `title`: its path and its text. */
export function newFile(kind: FileKind, title: string, images: readonly string[]): { path: string; text: string } {
  const template = TEMPLATES[kind.key] ?? "";
  const scalar = stringify(title.trim(), { singleQuote: true, lineWidth: 0 }).trimEnd();
  const text = template
    .replaceAll(model.marks.title, scalar)
    .replaceAll(model.marks.date, today())
    .replaceAll(model.marks.image, defaultImage(images));
  return { path: `${kind.folder}/${slugify(title)}.md`, text };
}
