import type { Theme } from "../content-types.gen";

export type ThemeColours = Theme;

const cssName = (key: string): string => `--theme-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** `:root{--theme-primary:#…;…}`: the design tokens in styles/tokens.css read these. */
export function themeCss(theme: ThemeColours): string {
  const declarations = Object.entries(theme)
    .filter(([, value]) => /^#[0-9a-fA-F]{6}$/.test(value))
    .map(([key, value]) => `${cssName(key)}:${value}`)
    .join(";");
  return `:root{${declarations}}`;
}

export function themeStyleTag(theme: ThemeColours): string {
  return `<style id="theme-colours">${themeCss(theme)}</style>`;
}
