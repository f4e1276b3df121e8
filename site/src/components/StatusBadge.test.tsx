import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { settings } from "../site";
import { builtRoutes } from "../test/content";
import { realBundle, renderInRouter } from "../test/render";
import { ArticleRoute } from "../routes/article/ArticleRoute";
import type { ArticleMeta } from "../types";
import { ArticleCard } from "./ArticleCard";

const texts = settings.interface.articles;
const firstArticle = () => {
  const route = builtRoutes().find((entry) => entry.kind === "article");
  if (!route) throw new Error("no article in the content");
  return realBundle(route.path);
};
const badges = () => [screen.queryByText(texts.draftBadge), screen.queryByText(texts.scheduledBadge)].filter(Boolean);

describe("draft and scheduled badges (preview builds only)", () => {
  it.each([
    ["draft", texts.draftBadge],
    ["scheduled", texts.scheduledBadge],
  ] as const)("mark a %s article's card and page", async (status, label) => {
    const bundle = await firstArticle();
    const article = { ...bundle.article!, status } as ArticleMeta;
    const card = renderInRouter(<ArticleCard article={article} />);
    expect(screen.getByText(label)).toBeInTheDocument();
    card.unmount();
    renderInRouter(<ArticleRoute bundle={{ ...bundle, article: { ...bundle.article!, status } }} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it("are absent from published articles", async () => {
    const bundle = await firstArticle();
    expect(bundle.article?.status).toBe("published");
    const card = renderInRouter(<ArticleCard article={bundle.article!} />);
    expect(badges()).toEqual([]);
    card.unmount();
    renderInRouter(<ArticleRoute bundle={bundle} />);
    expect(badges()).toEqual([]);
  });
});
