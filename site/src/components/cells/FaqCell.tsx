import { ChevronDown } from "../icons";
import type { CellOf } from "../../types";
import { Html } from "../Html";
import { Section } from "../Section";
import "./FaqCell.css";

export function FaqCell({ cell }: { cell: CellOf<"faq"> }) {
  return (
    <Section kind="faq" anchor={cell.anchor} title={cell.title} intro={cell.intro} width="narrow">
      <div className="faq">
        {cell.entries.map((entry) => (
          <details key={entry.id} className="faq__item">
            <summary className="faq__question">
              <span>{entry.question}</span>
              <ChevronDown aria-hidden="true" focusable="false" className="faq__chevron" size={20} />
            </summary>
            <Html className="faq__answer prose" html={entry.answer} />
          </details>
        ))}
      </div>
    </Section>
  );
}
