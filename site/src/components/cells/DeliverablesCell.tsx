import type { CellOf } from "../../types";
import { IconCardGrid } from "../IconCardGrid";
import { Section } from "../Section";

export function DeliverablesCell({ cell }: { cell: CellOf<"deliverables"> }) {
  return (
    <Section kind="deliverables" anchor={cell.anchor} title={cell.title} intro={cell.intro}>
      <IconCardGrid entries={cell.entries} columns={3} badge="accent" />
    </Section>
  );
}
