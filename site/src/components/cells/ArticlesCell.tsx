import { ChevronLeft, ChevronRight } from "../icons";
import { Link } from "react-router-dom";
import type { CellOf } from "../../types";
import { settings } from "../../site";
import { fillTemplate } from "../../lib/template";
import { ArticleCard } from "../ArticleCard";
import { Section } from "../Section";
import "./ArticlesCell.css";

type Cell = CellOf<"articles">;

/** The categories of a paginated listing, with the whole listing first. */
function CategoryNav({ cell }: { cell: Cell }) {
  const texts = settings.interface.blog;
  if (!cell.categories?.length || !cell.pagination) return null;
  const inCategory = cell.categories.some((category) => category.current);
  return (
    <nav className="listing-categories" aria-label={texts.categories}>
      <ul>
        <li>
          <Link to={cell.pagination.root} aria-current={inCategory ? undefined : "page"}>
            {texts.allCategories}
          </Link>
        </li>
        {cell.categories.map((category) => (
          <li key={category.path}>
            <Link to={category.path} aria-current={category.current ? "page" : undefined}>
              {category.label} <span className="listing-categories__count">{category.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous, numbered (far pages left out, shown as a gap) and next pages of a listing. */
function PageNav({ pagination }: { pagination: NonNullable<Cell["pagination"]> }) {
  const texts = settings.interface.blog;
  if (pagination.pages < 2) return null;
  const items = pagination.links.flatMap((link, index) => {
    const gap = index > 0 && link.page - (pagination.links[index - 1]?.page ?? link.page) > 1;
    const label = fillTemplate(texts.page, { page: String(link.page) });
    const item = (
      <li key={link.path}>
        <Link to={link.path} aria-label={label} aria-current={link.current ? "page" : undefined}>
          {link.page}
        </Link>
      </li>
    );
    return gap ? [<li key={`gap-${link.page}`} className="pagination__gap" aria-hidden="true">…</li>, item] : [item];
  });
  return (
    <nav className="pagination" aria-label={texts.pagination}>
      <p className="pagination__status">
        {fillTemplate(texts.pageOf, { page: String(pagination.page), pages: String(pagination.pages) })}
      </p>
      <ul>
        {pagination.prev ? (
          <li>
            <Link to={pagination.prev} rel="prev" className="pagination__step">
              <ChevronLeft aria-hidden="true" focusable="false" size={18} />
              {texts.previous}
            </Link>
          </li>
        ) : null}
        {items}
        {pagination.next ? (
          <li>
            <Link to={pagination.next} rel="next" className="pagination__step">
              {texts.next}
              <ChevronRight aria-hidden="true" focusable="false" size={18} />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

export function ArticlesCell({ cell }: { cell: Cell }) {
  return (
    <Section kind="articles" anchor={cell.anchor} title={cell.title} intro={cell.intro}>
      <CategoryNav cell={cell} />
      <ul className="card-grid card-grid--3">
        {cell.entries.map((article) => (
          <li key={article.slug}>
            <ArticleCard article={article} />
          </li>
        ))}
      </ul>
      {cell.pagination ? <PageNav pagination={cell.pagination} /> : null}
    </Section>
  );
}
