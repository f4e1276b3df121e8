/**
 * `quoted_example` of tools/contenu/pipeline/yaml_messages.py: a YAML line with its value in
 * double quotes, as the pipeline's messages show it, read with the pipeline's own pattern
 * (the shape "key_and_value") on the line stripped as Python strips it.
 */
import { shape } from "../core/rules.ts";

const KEY_AND_VALUE = shape("key_and_value");
const BLANK = shape("blank");

const blank = (char: string | undefined) => char !== undefined && BLANK.test(char);

/** Python's `str.rstrip()` (its whitespace, not JavaScript's). */
export function rstrip(text: string): string {
  let end = text.length;
  while (end > 0 && blank(text[end - 1])) end--;
  return text.slice(0, end);
}

/** Python's `str.strip()`. */
export function strip(text: string): string {
  const right = rstrip(text);
  let start = 0;
  while (start < right.length && blank(right[start])) start++;
  return right.slice(start);
}

/** The line with its value in double quotes, as code: `title: "A : B"` ("" if no value). */
export function quotedExample(line: string): string {
  const match = KEY_AND_VALUE.exec(rstrip(line));
  const value = match?.groups?.value;
  if (!value || line.includes("`") || [...value].length > 80) return "";
  const escaped = value.replaceAll("\\", "\\\\").replaceAll('"', '\\"');
  const head = strip(match!.groups!.head ?? "");
  return head ? `\`${head} "${escaped}"\`` : `\`"${escaped}"\``;
}
