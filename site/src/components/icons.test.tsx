import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import * as icons from "./icons";

// The site draws its icons without lucide-react's runtime (icons.tsx, icons.gen.ts); they must
// come out exactly as lucide-react draws them, whatever props the site gives.
const PROPS: icons.IconProps[] = [
  {},
  { size: 18, "aria-hidden": "true", focusable: "false" },
  { size: 26, strokeWidth: 1.75, className: "brand__mark", "aria-hidden": "true", focusable: "false" },
  { "aria-label": "Fermer", role: "img" },
];

describe("icons", () => {
  const names = Object.keys(icons).filter((name) => /^[A-Z]/.test(name));

  it("are all drawn", () => {
    expect(names.length).toBeGreaterThanOrEqual(30);
  });

  it.each(names)("%s is drawn as lucide-react draws it", (name) => {
    const ours = (icons as unknown as Record<string, icons.IconComponent>)[name]!;
    const theirs = (lucide as unknown as Record<string, (props: icons.IconProps) => null>)[name]!;
    for (const props of PROPS) {
      expect(renderToStaticMarkup(createElement(ours, props))).toBe(renderToStaticMarkup(createElement(theirs, props)));
    }
  });
});
