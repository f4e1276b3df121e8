/**
 * pulldown-cmark's escaping (its pulldown-cmark-escape crate): text, attribute values and
 * link addresses, character for character as pyromark writes them.
 */

const BODY: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const ATTRIBUTE: Record<string, string> = { ...BODY, '"': "&quot;", "'": "&#39;" };

/** `escape_html_body_text`: text between tags. */
export function escapeBody(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/[&<>]/g, (c) => BODY[c]!) : text;
}

/** `escape_html`: an attribute value (and an image's alt text). */
export function escapeHtml(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => ATTRIBUTE[c]!) : text;
}

// HREF_SAFE: the ASCII characters written as they are in an address.
const HREF_SAFE = /^[A-Za-z0-9!#$%()*+,\-./:;=?@^_~]$/;
const encoder = new TextEncoder();

/** `escape_href`: « & » and « ' » as entities, every other unsafe byte percent-encoded. */
export function escapeHref(url: string): string {
  let out = "";
  for (const char of url) {
    if (HREF_SAFE.test(char)) out += char;
    else if (char === "&") out += "&amp;";
    else if (char === "'") out += "&#x27;";
    else for (const byte of encoder.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
