import type { RouteBundle } from "../../types";
import { Cells } from "../../components/Cells";

export function PageRoute({ bundle }: { bundle: RouteBundle }) {
  return <Cells cells={bundle.cells} />;
}
