import { Check } from "../icons";
import type { CellOf } from "../../types";
import { Section } from "../Section";

export function ListCell({ cell }: { cell: CellOf<"list"> }) {
  const Tag = cell.style === "numbered" ? "ol" : "ul";
  return (
    <Section kind="list" anchor={cell.anchor} title={cell.title} width="narrow">
      <Tag className={`styled-list styled-list--${cell.style}`}>
        {cell.items.map((item, index) => (
          <li key={`${index}-${item.title}`} className="styled-list__item">
            {cell.style === "check" ? (
              <span className="styled-list__marker">
                <Check aria-hidden="true" focusable="false" size={18} strokeWidth={2.5} />
              </span>
            ) : cell.style === "numbered" ? (
              <span className="styled-list__marker" aria-hidden="true">
                {index + 1}
              </span>
            ) : (
              <span className="styled-list__marker styled-list__dot" aria-hidden="true" />
            )}
            <span>
              <strong className="styled-list__title">{item.title}</strong>
              {item.text ? <span className="styled-list__text">{item.text}</span> : null}
            </span>
          </li>
        ))}
      </Tag>
    </Section>
  );
}
