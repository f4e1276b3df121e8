/**
 * The ids of a page's elements (an anchor, a heading's id): the rule "anchor" of
 * tools/contenu/models/page_globals.py, read from its record (rules.ts).
 */
import { ruleList, ruleProblem } from "./rules.ts";

const RESERVED = ruleList("anchor", "reserved");
const RESERVED_PREFIXES = ruleList("anchor", "reserved_prefixes");

/** Why `id` cannot be the id of an element of a page (French), or null. */
export function idProblem(id: string): string | null {
  return ruleProblem("anchor", id);
}

/** An id that would shadow a global or an id of the site (`is_reserved`). */
export function isReserved(id: string): boolean {
  return RESERVED.includes(id) || RESERVED_PREFIXES.some((prefix) => id.startsWith(prefix));
}
