import { useId } from "react";
import type { CellOf } from "../../types";
import { Actions } from "../Button";

export function CtaCell({ cell }: { cell: CellOf<"cta"> }) {
  const titleId = useId();
  return (
    <section id={cell.anchor ?? undefined} className="cell cell--cta" aria-labelledby={titleId}>
      <div className="container container--narrow cta">
        <h2 id={titleId} className="cta__title">
          {cell.title}
        </h2>
        {cell.text ? <p className="cta__text">{cell.text}</p> : null}
        <Actions actions={cell.actions} className="actions--center" />
      </div>
    </section>
  );
}
