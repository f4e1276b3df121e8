// Escaping for the HTML the build writes (the prerendered pages, the search documents): its
// own module, so that neither imports the other for it.

/** Text safe inside a double-quoted HTML attribute (and in element text). */
export function attr(value) {
  return String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
