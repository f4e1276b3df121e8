/**
 * The validator off the page's thread: a Web Worker (started by validator.ts) that keeps the
 * tree's lookups and gives the verdict of each text it is sent, so that a long document, or
 * one written to be slow to read, never freezes the page while the coach types.
 */
import { parseDocument } from "./document.ts";
import { indexContext, validateDocument, type ValidationIndex } from "./validate.ts";
import type { ValidatorReply, ValidatorRequest } from "./validator.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ValidatorRequest>) => void) | null;
  postMessage(reply: ValidatorReply): void;
};
let index: ValidationIndex | null = null;

scope.onmessage = ({ data }) => {
  if (data.context) index = indexContext(data.context);
  const diagnostics = validateDocument(parseDocument(data.path, data.text), index ?? indexContext({ routes: [], files: [] }));
  scope.postMessage({ id: data.id, diagnostics });
};
