import type { CellOf } from "../../types";
import { ArticleCard } from "../ArticleCard";
import { Section } from "../Section";

export function ArticlesCell({ cell }: { cell: CellOf<"articles"> }) {
  const entries = cell.limit ? cell.entries.slice(0, cell.limit) : cell.entries;
  return (
    <Section kind="articles" anchor={cell.anchor} title={cell.title} intro={cell.intro}>
      <ul className="card-grid card-grid--3">
        {entries.map((article) => (
          <li key={article.slug}>
            <ArticleCard article={article} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
