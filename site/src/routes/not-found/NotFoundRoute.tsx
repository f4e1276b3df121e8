import type { RouteBundle } from "../../types";
import { Cells } from "../../components/Cells";

export function NotFoundRoute({ bundle }: { bundle: RouteBundle }) {
  return (
    <div className="not-found-page">
      <Cells cells={bundle.cells} />
    </div>
  );
}
