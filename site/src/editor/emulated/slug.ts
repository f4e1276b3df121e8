/**
 * tools/contenu/text/slug.py's `slugify`, for the names the editor makes: a heading's id, a
 * new file's name, an uploaded image's. Python is the definition;
 * tests/pipeline/test_emulated_slug.py holds this port to it on any text.
 */

/**
 * « Émotions & colère » → "emotions-colere"; `empty` when the text has no letter or digit.
 * Python's default is "" (its category keys); every name the editor makes falls back to
 * « section », as render/markdown.py's heading ids and `contenu new`'s file names do.
 */
export function slugify(text: string, empty = "section"): string {
  // Python: NFKD, then encode("ascii", "ignore") drops every non-ASCII code point.
  const ascii = text.normalize("NFKD").replace(/[^\p{ASCII}]/gu, "");
  return ascii.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || empty;
}
