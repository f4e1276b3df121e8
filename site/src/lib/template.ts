/** Replaces each `{name}` of a template in one pass, so a value that itself contains
 * `{message}` is never substituted again. Unknown names are left as written. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? (values[name] ?? match) : match,
  );
}
