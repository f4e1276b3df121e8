import type { CellOf } from "../../types";
import { withBase } from "../../lib/base-path";
import { Actions } from "../Button";

export function HeroCell({ cell }: { cell: CellOf<"hero"> }) {
  return (
    <section id={cell.anchor ?? undefined} className={`cell cell--hero${cell.image ? " hero--with-image" : ""}`}>
      <div className="container hero">
        <div className="hero__text">
          {cell.eyebrow ? <p className="eyebrow">{cell.eyebrow}</p> : null}
          <h1 className="hero__title">{cell.title}</h1>
          {cell.lead ? <p className="hero__lead">{cell.lead}</p> : null}
          <Actions actions={cell.actions} />
        </div>
        {cell.image ? (
          <div className="hero__visual">
            <img src={withBase(cell.image.src)} alt={cell.image.alt} fetchPriority="high" decoding="async" width={800} height={600} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
