import type { CellOf } from "../../types";
import { ResponsiveImage } from "../ResponsiveImage";
import "./FigureCell.css";

export function FigureCell({ cell }: { cell: CellOf<"figure"> }) {
  return (
    <section id={cell.anchor ?? undefined} className="cell cell--figure">
      <figure className="container container--text figure">
        <ResponsiveImage src={cell.image.src} alt={cell.image.alt} focus={cell.image.focus} sizes="(min-width: 45rem) 42rem, 100vw" />
        {cell.caption ? <figcaption>{cell.caption}</figcaption> : null}
      </figure>
    </section>
  );
}
