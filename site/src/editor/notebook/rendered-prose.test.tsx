// The prose preview as the coach types: the first keystroke is rendered at once, keystrokes
// typed while the renderer answers are not each sent (only the newest text is), and the
// cell keeps its last drawing until the newest one arrives.
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useRenderedProse, type ProseToRender } from "./rendered-prose.ts";

function Probe({ wanted, renderer }: { wanted: ProseToRender[]; renderer: (markdown: string) => Promise<string | null> }) {
  const prose = useRenderedProse(wanted, renderer);
  const drawn = wanted.map((item) => prose.htmlOf(item.index, item.markdown));
  return (
    <output>{drawn.map((item) => (item ? `${item.html}${item.stale ? " (ancien)" : ""}` : "rien")).join(" | ")}</output>
  );
}

/** A renderer whose answers the test releases one by one. */
function slowRenderer() {
  const asked: string[] = [];
  const waiting: Array<() => void> = [];
  const renderer = (markdown: string) =>
    new Promise<string | null>((resolve) => {
      asked.push(markdown);
      waiting.push(() => resolve(markdown === "refusé" ? null : `<p>${markdown}</p>`));
    });
  const answer = async () => {
    await act(async () => {
      waiting.shift()?.();
    });
  };
  return { asked, renderer, answer };
}

const typed = (markdown: string): ProseToRender[] => [{ index: 0, markdown }];

describe("the prose preview while typing", () => {
  it("sends the first keystroke at once and only the newest text after an answer", async () => {
    const { asked, renderer, answer } = slowRenderer();
    const view = render(<Probe wanted={typed("B")} renderer={renderer} />);
    expect(asked).toEqual(["B"]);
    view.rerender(<Probe wanted={typed("Bo")} renderer={renderer} />);
    view.rerender(<Probe wanted={typed("Bon")} renderer={renderer} />);
    expect(asked).toEqual(["B"]); // one request under way: the keystrokes wait for it
    await answer();
    // The answer for « B » is the cell's drawing (marked old) while « Bon » is rendered.
    expect(screen.getByRole("status").textContent).toContain("<p>B</p> (ancien)");
    expect(asked).toEqual(["B", "Bon"]);
    await answer();
    expect(screen.getByRole("status").textContent).toContain("<p>Bon</p>");
    expect(screen.getByRole("status").textContent).not.toContain("ancien");
  });

  it("does not ask again for a text the renderer refused", async () => {
    const { asked, renderer, answer } = slowRenderer();
    render(<Probe wanted={typed("refusé")} renderer={renderer} />);
    await answer();
    await answer();
    expect(asked).toEqual(["refusé"]);
    expect(screen.getByRole("status").textContent).toContain("rien");
  });
});
