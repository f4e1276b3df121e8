// The generated bundle types (content-types.gen.ts, written by `contenu build`) under the names
// of their Python models (tools/contenu/models/bundle.py), plus derivations; nothing here is
// a copy or a second name.
import type { CardCell, Cell } from "./content-types.gen";

export type {
  Action,
  ArticleMeta,
  Cell,
  DiagnosticItem,
  ImageInfo,
  ImageVariant,
  Image,
  LegalNotice,
  LiveUpdate,
  Link,
  Pixel,
  PreviewTexts,
  RouteBundle,
  RouteHead,
  RouteSummary,
  SiteBundle,
  SiteSettings,
  Theme,
} from "./content-types.gen";

/** The closed list of icon names (lucide names) a coach may choose. */
export type Icon = NonNullable<CardCell["icon"]>;
export type CellType = Cell["type"];
export type CellOf<T extends CellType> = Extract<Cell, { type: T }>;
