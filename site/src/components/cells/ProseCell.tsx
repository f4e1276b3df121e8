import type { CellOf } from "../../types";
import { Html } from "../Html";

export function ProseCell({ cell }: { cell: CellOf<"prose"> }) {
  return (
    <section className="cell cell--prose">
      <div className="container container--text">
        <Html className="prose" html={cell.html} />
      </div>
    </section>
  );
}
