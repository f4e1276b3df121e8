import { ArrowLeft, Clock } from "lucide-react";
import { Link } from "react-router-dom";
import type { RouteBundle } from "../../types";
import { settings } from "../../site";
import { ResponsiveImage } from "../../components/ResponsiveImage";
import { Cells } from "../../components/Cells";
import { StatusBadge, readTimeText } from "../../components/ArticleCard";
import "./ArticleRoute.css";

export const BLOG_PATH = "/blog";

export function ArticleRoute({ bundle }: { bundle: RouteBundle }) {
  const article = bundle.article;
  const texts = settings.interface.articles;
  if (!article) return <Cells cells={bundle.cells} />;
  return (
    <article className="article">
      <header className="cell article__header">
        <div className="container container--text">
          <p>
            <Link to={BLOG_PATH} className="article__back">
              <ArrowLeft aria-hidden="true" focusable="false" size={18} />
              {texts.backToBlog}
            </Link>
          </p>
          <p className="article__meta">
            <span className="badge badge--soft">{article.category}</span>
            <StatusBadge status={article.status} />
          </p>
          <h1 className="article__title">{article.title}</h1>
          <p className="article__excerpt">{article.excerpt}</p>
          <p className="article__info">
            <span>
              {texts.publishedOn} <time dateTime={article.date}>{article.dateText}</time>
            </span>
            <span className="article__time">
              <Clock aria-hidden="true" focusable="false" size={16} />
              {readTimeText(article.readTime)}
            </span>
          </p>
        </div>
        {article.image ? (
          <div className="container container--text">
            <ResponsiveImage className="article__image" src={article.image.src} alt={article.image.alt} sizes="(min-width: 45rem) 42rem, 100vw" priority />
          </div>
        ) : null}
      </header>
      <div className="article__body">
        <Cells cells={bundle.cells} />
      </div>
    </article>
  );
}
