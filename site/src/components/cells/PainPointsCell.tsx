import type { CellOf } from "../../types";
import { IconCardGrid } from "../IconCardGrid";
import { Section } from "../Section";

export function PainPointsCell({ cell }: { cell: CellOf<"pain-points"> }) {
  return (
    <Section kind="pain-points" anchor={cell.anchor} title={cell.title} intro={cell.intro}>
      <IconCardGrid entries={cell.entries} columns={4} />
    </Section>
  );
}
