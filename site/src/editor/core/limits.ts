/**
 * The limits of `contenu.pipeline.limits` in the editor, with `contenu check`'s words: the
 * values and message templates are generated from the Python side (catalogue/
 * editor_limits.py), never typed here. A file over 1 Mo, a YAML block nested too deep, a
 * name too long for the build to write, one category too many: the notebook says so at the
 * field (or at the file), as `contenu check` will.
 */
import { isMap, isPair, isSeq, type Document, type Node } from "yaml";
import { fill } from "../emulated/diagnostics.ts";
import data from "./generated/model.gen.json" with { type: "json" };

const LIMITS = data.limits;
const SAY = LIMITS.messages;

const utf8 = new TextEncoder();

/** `contenu check`'s size: megabytes with one decimal and a comma (« 1,2 »). */
function megabytes(bytes: number): string {
  return (bytes / 1_000_000).toFixed(1).replace(".", ",");
}

/** A Markdown file over the pipeline's size limit (it is then not read at all). */
export function sizeProblem(text: string): string | null {
  const bytes = utf8.encode(text).length;
  return bytes > LIMITS.markdownBytes ? fill(SAY.tooBig, { size: megabytes(bytes) }) : null;
}

/** A page name, article slug or entry id (the file's name) too long for the build. */
export function nameProblem(path: string): string | null {
  const name = (path.split("/").pop() ?? "").replace(/\.md$/, "");
  const bytes = utf8.encode(name).length;
  return bytes > LIMITS.nameBytes ? fill(SAY.nameTooLong, { size: bytes }) : null;
}

/** An image whose name (without its extension) is too long for its variants' names. */
export function imageNameProblem(path: string): string | null {
  const file = path.split("/").pop() ?? "";
  const stem = file.includes(".") ? file.slice(0, file.lastIndexOf(".")) : file;
  const bytes = utf8.encode(stem).length;
  return bytes > LIMITS.nameBytes ? fill(SAY.imageNameTooLong, { size: bytes }) : null;
}

function openerName(char: string): string {
  const known = (SAY.openers as Record<string, string>)[char];
  return known ?? fill(SAY.openers.other, { char });
}

/** The first group of keys or list that opens one level too many (the block itself is the
 * first level), as an offset in the block's text and the message; null when none does. */
export function depthProblem(yaml: Document, text: string): { offset: number; message: string } | null {
  // Iterative, deepest first found in document order: a hostile block cannot overflow the stack.
  const stack: [Node | null, number][] = [[yaml.contents as Node | null, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (!isMap(node) && !isSeq(node)) continue;
    if (depth > LIMITS.yamlDepth) {
      const offset = node.range?.[0] ?? 0;
      return { offset, message: fill(SAY.tooDeep, { opener: openerName(text[offset] ?? "") }) };
    }
    const children: (Node | null)[] = [];
    for (const item of node.items as unknown[]) {
      if (isPair(item)) children.push(item.key as Node | null, item.value as Node | null);
      else children.push(item as Node | null);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, depth + 1]);
  }
  return null;
}

/** One category too many across the articles (their address is the category's slug). */
export function categoriesProblem(categories: Iterable<string>, slugify: (text: string) => string): string | null {
  const keys = new Set<string>();
  for (const category of categories) keys.add(slugify(category));
  return keys.size > LIMITS.categories ? fill(SAY.tooManyCategories, { count: keys.size }) : null;
}
