import { ArrowRight } from "./icons";
import { Link } from "react-router-dom";
import type { ArticleMeta } from "../types";
import { settings } from "../site";
import { ResponsiveImage } from "./ResponsiveImage";
import { ArticleTags, ReadTime } from "./ArticleFacts";
import "./ArticleCard.css";

/** A blog card: the whole card is clickable through its title link. */
export function ArticleCard({ article, headingLevel = 3 }: { article: ArticleMeta; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card article-card">
      {article.image ? (
        <ResponsiveImage className="article-card__image" src={article.image.src} alt="" sizes="(min-width: 60rem) 22rem, (min-width: 40rem) 45vw, 90vw" />
      ) : null}
      <ArticleTags article={article} block="article-card" />
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
        <ReadTime article={article} block="article-card" />
      </p>
      <span className="article-card__more" aria-hidden="true">
        {settings.interface.articles.readMore}
        <ArrowRight focusable="false" size={18} />
      </span>
    </article>
  );
}
