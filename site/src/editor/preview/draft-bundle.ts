// A route's data as the build would make it from the document being edited, for the whole
// page's preview where the site's data lags behind the text (the published carnet: a new
// article has no page yet, a changed one shows the published version). The cells are the
// cells' previews (prose rendered as the build renders it, component cells from their
// values); an article's header gets the build's date words and reading time.
import { frenchTypography } from "../emulated/typography.ts";
import type { Cell, RouteBundle } from "../../types.ts";

const MONTHS = [
  "janvier", "février", "mars", "avril", "mai", "juin",
  "juillet", "août", "septembre", "octobre", "novembre", "décembre",
]; // prettier-ignore
const WORDS_PER_MINUTE = 200; // tools/contenu/pipeline/articles.py

/** `french_date`: « 1er mars 2024 ». */
export function frenchDate(iso: string): string {
  const found = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!found) return iso;
  const day = Number(found[3]);
  return `${day === 1 ? "1er" : day} ${MONTHS[Number(found[2]) - 1] ?? ""} ${found[1]}`;
}

/** Words a reader reads in the cells' prose (the build counts them the same way where the
 * text has code; elsewhere on the Markdown, which gives the same minutes in practice). */
function words(cells: readonly Cell[]): number {
  return cells
    .filter((cell) => cell.type === "prose")
    .map((cell) => (cell as { html: string }).html.replace(/<(pre|code)\b[\s\S]*?<\/\1>/g, " ").replace(/<[^>]*>/g, " "))
    .reduce((count, text) => count + text.split(/\s+/).filter(Boolean).length, 0);
}

const text = (value: unknown) => (typeof value === "string" ? frenchTypography(value.trim()) : "");

export interface DraftPage {
  kind: "page" | "article";
  /** The route's last part (an article's slug). */
  id: string;
  /** The frontmatter's values, variables replaced. */
  front: Record<string, unknown>;
  cells: readonly Cell[];
}

/** The route's data for `draft`, laid over the published route's data when there is one. */
export function draftBundle(draft: DraftPage, published: RouteBundle | null): RouteBundle {
  const base = published ?? ({ images: {}, pixel: null, article: null } as unknown as RouteBundle);
  if (draft.kind !== "article") return { ...base, kind: "page", cells: [...draft.cells] };
  const { front } = draft;
  const date = typeof front.publishDate === "string" ? front.publishDate : String(front.date ?? "");
  const image = front.image as { src?: string; alt?: string } | undefined;
  const readTime = typeof front.readTime === "number" ? front.readTime : Math.max(1, Math.floor(words(draft.cells) / WORDS_PER_MINUTE + 0.5));
  const article = {
    ...(base.article ?? {}),
    slug: draft.id,
    title: text(front.title),
    excerpt: text(front.excerpt),
    date,
    dateText: frenchDate(date),
    readTime,
    category: text(front.category),
    image: image?.src ? { src: image.src, alt: text(image.alt) } : null,
    status: front.draft === true ? "draft" : "published",
  };
  return { ...base, kind: "article", article, cells: [...draft.cells] } as RouteBundle;
}
