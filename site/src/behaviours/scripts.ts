const withSrc = (src: string): HTMLScriptElement[] =>
  Array.from(document.querySelectorAll<HTMLScriptElement>("script[src]")).filter((s) => s.getAttribute("src") === src);

/** Adds an async third-party <script> once (by src) and returns it. */
export function addScript(src: string): HTMLScriptElement {
  const existing = withSrc(src)[0];
  if (existing) return existing;
  const script = document.createElement("script");
  script.src = src;
  script.async = true;
  document.body.appendChild(script);
  return script;
}

export function removeScript(src: string): void {
  withSrc(src).forEach((script) => script.remove());
}

/** Inserts a script before the page's first one, as the providers' own snippets do, once
 * (by src); returns it. */
export function insertScriptFirst(src: string): HTMLScriptElement {
  const existing = withSrc(src)[0];
  if (existing) return existing;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  const first = document.getElementsByTagName("script")[0];
  if (first?.parentNode) first.parentNode.insertBefore(script, first);
  else document.head.appendChild(script);
  return script;
}
