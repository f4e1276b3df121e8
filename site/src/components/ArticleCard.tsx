import { ArrowRight, Clock } from "lucide-react";
import { Link } from "react-router-dom";
import type { ArticleCard as ArticleCardData } from "../types";
import { settings } from "../site";
import { fillTemplate } from "../lib/template";
import { ResponsiveImage } from "./ResponsiveImage";
import "./ArticleCard.css";

export function readTimeText(minutes: number): string {
  return fillTemplate(settings.interface.articles.readTime, { minutes: String(minutes) });
}

export function StatusBadge({ status }: { status: string }) {
  const texts = settings.interface.articles;
  if (status === "draft") return <span className="badge badge--draft">{texts.draftBadge}</span>;
  if (status === "scheduled") return <span className="badge badge--draft">{texts.scheduledBadge}</span>;
  return null;
}

/** A blog card: the whole card is clickable through its title link. */
export function ArticleCard({ article, headingLevel = 3 }: { article: ArticleCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card article-card">
      {article.image ? (
        <ResponsiveImage className="article-card__image" src={article.image.src} alt="" sizes="(min-width: 60rem) 22rem, (min-width: 40rem) 45vw, 90vw" />
      ) : null}
      <p className="article-card__meta">
        <span className="badge badge--soft">{article.category}</span>
        <StatusBadge status={article.status} />
      </p>
      <Heading className="article-card__title">
        <Link to={`/blog/${article.slug}`} className="article-card__link">
          {article.title}
        </Link>
      </Heading>
      <p className="article-card__excerpt">{article.excerpt}</p>
      <p className="article-card__info">
        <time dateTime={article.date}>{article.dateText}</time>
        <span className="article-card__sep" aria-hidden="true">
          ·
        </span>
        <span className="article-card__time">
          <Clock aria-hidden="true" focusable="false" size={16} />
          {readTimeText(article.readTime)}
        </span>
      </p>
      <span className="article-card__more" aria-hidden="true">
        {settings.interface.articles.readMore}
        <ArrowRight focusable="false" size={18} />
      </span>
    </article>
  );
}
