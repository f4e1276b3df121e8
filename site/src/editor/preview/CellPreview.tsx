// A cell as the site draws it: the site's own component (from its cell registry) and CSS.
// A cell unchanged since the last build is shown from the build's data (Markdown rendered
// and sanitised by the pipeline, variables and typography applied); a changed component
// cell is drawn from the form's values laid over it, as the coach types.
import { Component, Suspense, type ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { useCellComponent } from "../../components/cell-registry.ts";
import "../../components/cells/styles.css";
import type { Cell, CellType } from "../../types.ts";
import { t } from "../texts.ts";

class Boundary extends Component<{ children: ReactNode; reset: unknown }, { failed: boolean; reset: unknown }> {
  state = { failed: false, reset: undefined as unknown };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { reset: unknown }, state: { failed: boolean; reset: unknown }) {
    return props.reset === state.reset ? null : { failed: false, reset: props.reset };
  }
  render() {
    return this.state.failed ? <p className="carnet-preview__none">{t("previewFailed")}</p> : this.props.children;
  }
}

function Drawn({ cell }: { cell: Cell }) {
  const View = useCellComponent(cell.type as CellType);
  // eslint-disable-next-line react-hooks/static-components -- looked up in the site's registry
  return <View cell={cell as never} />;
}

/** Values of `over` laid on `base`, objects and lists merged item by item. */
export function overlay(base: unknown, over: unknown): unknown {
  if (Array.isArray(over)) return over.map((item, index) => overlay(Array.isArray(base) ? base[index] : undefined, item));
  if (over && typeof over === "object") {
    const from = base && typeof base === "object" && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
    const merged: Record<string, unknown> = { ...from };
    for (const [key, value] of Object.entries(over)) merged[key] = overlay(from[key], value);
    return merged;
  }
  return over;
}

export function CellPreview({ cell }: { cell: Cell | null }) {
  if (!cell) return <p className="carnet-preview__none">{t("previewFailed")}</p>;
  return (
    <Boundary reset={cell}>
      <Suspense fallback={<p className="carnet-preview__none">{t("loading")}</p>}>
        <MemoryRouter>
          {/* A preview, not a page: its links and buttons do not navigate away. */}
          <div className="carnet-preview__cell" onClickCapture={(event) => event.preventDefault()} inert>
            <Drawn cell={cell} />
          </div>
        </MemoryRouter>
      </Suspense>
    </Boundary>
  );
}
