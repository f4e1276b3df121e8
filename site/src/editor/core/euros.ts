/**
 * A price as the site writes it (`euros` of tools/contenu/pipeline/variables.py): what
 * `{{ prix.pack }}` becomes in the preview, and the price a stale one is told to follow.
 */
const NBSP = "\u00a0";
const NNBSP = "\u202f";

/** « 395 € », « 1 200 € » (narrow no-break space between thousands), « 395,50 € » (the
 * cents after a comma, always two), « offerte » for 0. */
export function euros(amount: number, currency: string): string {
  if (amount === 0) return "offerte";
  // An amount has two decimals at most (the rule "amount"): toFixed(2) is exact.
  const [units, cents] = Number.isInteger(amount) ? [String(amount), undefined] : amount.toFixed(2).split(".");
  const digits = units!.replace(/\B(?=(\d{3})+$)/g, NNBSP) + (cents ? `,${cents}` : "");
  return `${digits}${NBSP}${currency === "EUR" ? "€" : currency}`;
}
