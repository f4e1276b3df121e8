import type { CellOf } from "../../types";
import { ResponsiveImage } from "../ResponsiveImage";
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
            <ResponsiveImage src={cell.image.src} alt={cell.image.alt} focus={cell.image.focus} sizes="(min-width: 60rem) 50vw, 100vw" priority />
          </div>
        ) : null}
      </div>
    </section>
  );
}
