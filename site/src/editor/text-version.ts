// The version of a text file the carnet changes: SHA-256 of its text as the browser reads it
// (UTF-8, a leading BOM dropped, an invalid byte read as U+FFFD: what `Response.text()` and
// `TextDecoder` both do). A write names the version it was made on; the dev server refuses it
// (409) when the file on disk is no longer that version: someone saved it meanwhile.

export async function textVersion(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The version of a file's bytes, decoded as a browser decodes them. */
export function bytesVersion(bytes: Uint8Array): Promise<string> {
  return textVersion(new TextDecoder().decode(bytes));
}
