/**
 * The verdict of `contenu check` on one document, in the browser: the same rules, the same
 * field paths and the same French messages (generated from the Python side).
 */
import type { EditorDocument } from "./document.ts";
import type { Target } from "./edits.ts";
import type { Path } from "./yaml-edit.ts";

export interface EditorDiagnostic {
  /** The frontmatter, a cell index, or null for the file as a whole. */
  target: Target | null;
  /** Key and index path inside the target ([] for the target as a whole). */
  path: Path;
  /** The field as `contenu check` prints it ("{hero} actions[0].href"), "" when none. */
  field: string;
  /** 1-based line in the file, when known. */
  line?: number;
  message: string;
  severity: "error" | "warning";
}

/** What the rest of the tree holds, for the cross-file rules. */
export interface ValidationContext {
  /** Every route of the site ("/", "/contact", "/blog/mon-article"). */
  routes: readonly string[];
  /** Every file of content/, relative to content/ ("images/a.jpg", "articles/x.md"). */
  files: readonly string[];
}

/** First implementation: no rule yet (the generated rules come next). */
export function validateDocument(doc: EditorDocument, context: ValidationContext): EditorDiagnostic[] {
  void doc;
  void context;
  return [];
}
