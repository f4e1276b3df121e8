import { ArrowLeft } from "../../components/icons";
import { Link } from "react-router-dom";
import type { RouteBundle } from "../../types";
import { settings } from "../../site";
import { ResponsiveImage } from "../../components/ResponsiveImage";
import { Cells } from "../../components/Cells";
import { ArticleTags, ReadTime } from "../../components/ArticleFacts";
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
          <ArticleTags article={article} block="article" />
          <h1 className="article__title">{article.title}</h1>
          <p className="article__excerpt">{article.excerpt}</p>
          <p className="article__info">
            <span>
              {texts.publishedOn} <time dateTime={article.date}>{article.dateText}</time>
            </span>
            <ReadTime article={article} block="article" />
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
