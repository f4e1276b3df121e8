// Names the site uses for the generated bundle types (content-types.ts, written by
// `contenu build`); nothing here is a copy, only aliases and derivations.
import type { CardCell, Cell } from "./content-types";

export type {
  Action,
  ArticleMeta as ArticleCard,
  Cell,
  DiagnosticItem,
  Head as RouteHead,
  ImageInfo,
  ImageVariant,
  Image,
  LegalNotice,
  LiveUpdate,
  Link,
  Pixel as PixelEvent,
  PreviewTexts,
  RouteBundle,
  RouteSummary as RouteEntry,
  SiteBundle,
  SiteSettings as Settings,
  Theme,
} from "./content-types";

/** The closed list of icon names (lucide names) a coach may choose. */
export type Icon = NonNullable<CardCell["icon"]>;
export type CellType = Cell["type"];
export type CellOf<T extends CellType> = Extract<Cell, { type: T }>;
