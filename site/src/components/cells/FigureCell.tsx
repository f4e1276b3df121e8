import type { CellOf } from "../../types";
import { withBase } from "../../lib/base-path";

export function FigureCell({ cell }: { cell: CellOf<"figure"> }) {
  return (
    <section id={cell.anchor ?? undefined} className="cell cell--figure">
      <figure className="container container--text figure">
        <img src={withBase(cell.image.src)} alt={cell.image.alt} loading="lazy" decoding="async" />
        {cell.caption ? <figcaption>{cell.caption}</figcaption> : null}
      </figure>
    </section>
  );
}
