import { Clock } from "./icons";
import type { ArticleMeta } from "../types";
import { settings } from "../site";
import { fillTemplate } from "../lib/template";

type Facts = Pick<ArticleMeta, "category" | "status" | "readTime">;

// The card and the article page show the same facts under their own CSS block name.
export function ArticleTags({ article, block }: { article: Facts; block: string }) {
  return (
    <p className={`${block}__meta`}>
      <span className="badge badge--soft">{article.category}</span>
      <StatusBadge status={article.status} />
    </p>
  );
}

export function ReadTime({ article, block }: { article: Facts; block: string }) {
  const text = fillTemplate(settings.interface.articles.readTime, { minutes: String(article.readTime) });
  return (
    <span className={`${block}__time`}>
      <Clock aria-hidden="true" focusable="false" size={16} />
      {text}
    </span>
  );
}

function StatusBadge({ status }: { status: string }) {
  const texts = settings.interface.articles;
  if (status === "draft") return <span className="badge badge--draft">{texts.draftBadge}</span>;
  if (status === "scheduled") return <span className="badge badge--draft">{texts.scheduledBadge}</span>;
  return null;
}
