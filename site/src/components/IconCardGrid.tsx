import type { ReactNode } from "react";
import { Html } from "./Html";
import type { Icon as IconName } from "../types";
import { Icon } from "./Icon";

interface IconCard {
  id: string;
  icon: IconName;
  title: string;
  description: string;
}

/** A grid of cards that each open with an icon: pain points and deliverables share it. */
export function IconCardGrid({
  entries,
  columns,
  badge = "default",
}: {
  entries: readonly IconCard[];
  columns: 3 | 4;
  badge?: "default" | "accent";
}): ReactNode {
  const badgeClass = badge === "accent" ? "icon-badge icon-badge--accent" : "icon-badge";
  return (
    <ul className={`card-grid card-grid--${columns}`}>
      {entries.map((entry) => (
        <li key={entry.id} className="card feature-card">
          <span className={badgeClass}>
            <Icon name={entry.icon} />
          </span>
          <h3 className="card__title">{entry.title}</h3>
          <Html className="card__body" html={entry.description} />
        </li>
      ))}
    </ul>
  );
}
