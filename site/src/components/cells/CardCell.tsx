import { useId } from "react";
import type { CellOf } from "../../types";
import { Actions } from "../Button";
import { Icon } from "../Icon";

export function CardCell({ cell }: { cell: CellOf<"card"> }) {
  const titleId = useId();
  return (
    <section id={cell.anchor ?? undefined} className="cell cell--card" aria-labelledby={titleId}>
      <div className="container container--narrow">
        <div className={`card card--${cell.tone} highlight-card`}>
          {cell.icon ? (
            <span className="icon-badge">
              <Icon name={cell.icon} />
            </span>
          ) : null}
          <div>
            <h2 id={titleId} className="highlight-card__title">
              {cell.title}
            </h2>
            {cell.text ? <p>{cell.text}</p> : null}
            <Actions actions={cell.actions} />
          </div>
        </div>
      </div>
    </section>
  );
}
