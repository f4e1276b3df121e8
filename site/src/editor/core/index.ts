/**
 * The notebook editor's core, with no interface: a content file as a notebook (frontmatter
 * and cells), edits that keep every other byte, the content model read from the generated
 * data, the rules of `contenu check` interpreted from their exported records, and the
 * validator that gives `contenu check`'s verdict in French.
 */
export {
  parseDocument,
  serializeDocument,
  type BodyCell,
  type ComponentCell,
  type EditorDocument,
  type Frontmatter,
  type ProseCell,
} from "./document.ts";
export {
  dataOf,
  insertCell,
  moveCell,
  moveItem,
  newCell,
  removeCell,
  setProse,
  setValue,
  type Target,
} from "./edits.ts";
export {
  CELL_TYPES,
  FILE_KINDS,
  SCHEMAS,
  cellType,
  cellTypesFor,
  collectionOf,
  placeOf,
  type CellType,
  type Collection,
  type FileKind,
  type JsonSchema,
  type Place,
} from "./model.ts";
export { fieldLabel, keyLabel } from "./labels.ts";
export type { Key, Path } from "./yaml-edit.ts";
export { imageNameProblem, nameProblem, sizeProblem } from "./limits.ts";
export { fieldRuleProblem, ruleProblem, sameNameKey } from "./rules.ts";
export { readNumber, type NumberKind } from "./numbers.ts";
export { readDate } from "./dates.ts";
export { Validator } from "./validator.ts";
export {
  SETTINGS_PATH,
  indexContext,
  validateDocument,
  type EditorDiagnostic,
  type ValidationContext,
  type ValidationIndex,
} from "./validate.ts";
