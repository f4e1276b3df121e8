import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { settings } from "../site";
import type { DiagnosticItem } from "../types";
import { DiagnosticsOverlay } from "./DiagnosticsOverlay";
import fixture from "./fixtures/diagnostics.json";

const diagnostics = fixture as DiagnosticItem[];
const texts = settings.interface.preview;
// As the DOM text reads (toHaveTextContent collapses the no-break spaces of French typography).
const fill = (template: string, name: string, value: string) => template.replace(`{${name}}`, value).replace(/\s+/g, " ");

describe("live-preview error overlay", () => {
  it("shows the settings' title and hint and, per error, file, line, cell, field, message and source", () => {
    render(<DiagnosticsOverlay diagnostics={diagnostics} texts={texts} onClose={() => {}} />);
    const overlay = screen.getByRole("alert");
    expect(within(overlay).getByRole("heading", { name: texts.title })).toBeInTheDocument();
    expect(overlay.querySelector(".preview-overlay__hint")?.textContent).toBe(texts.hint);
    const [first, second] = within(overlay).getAllByRole("listitem");
    expect(first).toHaveTextContent("content/pages/index.md");
    expect(first).toHaveTextContent(fill(texts.line, "line", "12"));
    // The cell and the field by their French names, never their keys.
    expect(first).toHaveTextContent(fill(texts.cell, "cell", "Bannière d’ouverture"));
    expect(first).toHaveTextContent(fill(texts.field, "field", "Titre"));
    const where = first!.querySelector(".preview-overlay__where");
    expect(where).not.toHaveTextContent("hero");
    expect(where).not.toHaveTextContent(/\btitle\b/);
    expect(first).toHaveTextContent("le champ obligatoire « Titre » manque");
    expect(first?.querySelector("pre")).toHaveTextContent("```{hero}");
    expect(second).toHaveTextContent("content/reglages/site.md");
    expect(second).toHaveTextContent(fill(texts.field, "field", "E-mail"));
    expect(second).not.toHaveTextContent(fill(texts.cell, "cell", ""));
  });

  it("names no line for a problem of the whole file (an image, a missing page)", () => {
    const whole = { ...diagnostics[0]!, path: "content/images/x.html", line: 0, column: 0, source: null };
    render(<DiagnosticsOverlay diagnostics={[whole]} texts={texts} onClose={() => {}} />);
    const item = within(screen.getByRole("alert")).getByRole("listitem");
    expect(item).toHaveTextContent("content/images/x.html");
    expect(item).not.toHaveTextContent(fill(texts.line, "line", "0"));
  });

  it("renders nothing without errors (warnings do not block the preview)", () => {
    const warning = { ...diagnostics[0]!, severity: "warning" as const };
    const { container } = render(<DiagnosticsOverlay diagnostics={[warning]} texts={texts} onClose={() => {}} />);
    expect(container).toBeEmptyDOMElement();
    render(<DiagnosticsOverlay diagnostics={[]} texts={texts} onClose={() => {}} />);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("closes with its labelled button", async () => {
    const onClose = vi.fn();
    render(<DiagnosticsOverlay diagnostics={diagnostics} texts={texts} onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: texts.close }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
