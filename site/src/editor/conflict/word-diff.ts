/** What differs between two versions of a text, word by word: each version as pieces, the
 * pieces the other version does not have marked (the conflict screen highlights them). */

import { align, equalItems } from "./align.ts";

export interface Piece {
  text: string;
  changed: boolean;
}

/** Words and the spaces between them, both kept (joined, they give the text back). */
const tokens = (text: string) => text.split(/(\s+)/).filter((token) => token !== "");

function pieces(words: string[], paired: number[]): Piece[] {
  const out: Piece[] = [];
  words.forEach((text, i) => {
    const changed = paired[i]! < 0 && text.trim() !== "";
    const last = out[out.length - 1];
    if (last && (last.changed === changed || text.trim() === "")) last.text += text;
    else out.push({ text, changed });
  });
  return out;
}

export function wordDiff(mine: string, other: string): { mine: Piece[]; other: Piece[] } {
  const a = tokens(mine);
  const b = tokens(other);
  const forward = align(a, b, equalItems<string>());
  const backward = new Array<number>(b.length).fill(-1);
  forward.forEach((j, i) => {
    if (j >= 0) backward[j] = i;
  });
  return { mine: pieces(a, forward), other: pieces(b, backward) };
}
