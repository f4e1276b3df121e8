import type { ComponentType } from "react";
import type { Cell, CellOf, CellType } from "../types";
import { ArticlesCell } from "./cells/ArticlesCell";
import { CalendlyCell } from "./cells/CalendlyCell";
import { CardCell } from "./cells/CardCell";
import { ContactFormCell } from "./cells/ContactFormCell";
import { ContactInfoCell } from "./cells/ContactInfoCell";
import { CtaCell } from "./cells/CtaCell";
import { DeliverablesCell } from "./cells/DeliverablesCell";
import { FaqCell } from "./cells/FaqCell";
import { FigureCell } from "./cells/FigureCell";
import { HeroCell } from "./cells/HeroCell";
import { LegalNoticeCell } from "./cells/LegalNoticeCell";
import { ListCell } from "./cells/ListCell";
import { NewsletterCell } from "./cells/NewsletterCell";
import { NotFoundCell } from "./cells/NotFoundCell";
import { PainPointsCell } from "./cells/PainPointsCell";
import { ProseCell } from "./cells/ProseCell";
import { StepsCell } from "./cells/StepsCell";
import { TeamCell } from "./cells/TeamCell";
import { TestimonialsCell } from "./cells/TestimonialsCell";
import { ValuesCell } from "./cells/ValuesCell";
import { WorkshopsCell } from "./cells/WorkshopsCell";
import "./cells/cells.css";

type CellComponents = { [T in CellType]: ComponentType<{ cell: CellOf<T> }> };

// A new cell type in the pipeline fails the type check here until it has a component.
export const CELL_COMPONENTS: CellComponents = {
  prose: ProseCell,
  hero: HeroCell,
  cta: CtaCell,
  card: CardCell,
  list: ListCell,
  figure: FigureCell,
  "pain-points": PainPointsCell,
  steps: StepsCell,
  deliverables: DeliverablesCell,
  team: TeamCell,
  workshops: WorkshopsCell,
  testimonials: TestimonialsCell,
  values: ValuesCell,
  faq: FaqCell,
  articles: ArticlesCell,
  newsletter: NewsletterCell,
  calendly: CalendlyCell,
  "contact-form": ContactFormCell,
  "contact-info": ContactInfoCell,
  "legal-notice": LegalNoticeCell,
  "not-found": NotFoundCell,
};

function CellView<T extends CellType>({ cell }: { cell: CellOf<T> }) {
  const Component = CELL_COMPONENTS[cell.type as T] as ComponentType<{ cell: CellOf<T> }>;
  return <Component cell={cell} />;
}

/** The cells of a page, in the order the coach wrote them. */
export function Cells({ cells }: { cells: readonly Cell[] }) {
  return (
    <>
      {cells.map((cell, index) => (
        <CellView key={`${index}-${cell.type}`} cell={cell} />
      ))}
    </>
  );
}
