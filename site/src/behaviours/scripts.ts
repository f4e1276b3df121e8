/** Adds an async third-party <script> once (by src) and returns it. */
export function addScript(src: string): HTMLScriptElement {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${CSS.escape(src)}"]`);
  if (existing) return existing;
  const script = document.createElement("script");
  script.src = src;
  script.async = true;
  document.body.appendChild(script);
  return script;
}

export function removeScript(src: string): void {
  document.querySelectorAll<HTMLScriptElement>(`script[src="${CSS.escape(src)}"]`).forEach((s) => s.remove());
}
