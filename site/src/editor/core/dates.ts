/**
 * A date typed by a coach, read as `contenu check` reads it: the rule record "date"
 * (tools/contenu/models/dates.py) interpreted by rules.ts: « 15/03/2024 », « 15 mars 2024 »,
 * « 2024-03-15 » are the same day; « 03/15/2024 » and « 15/03/24 » are refused. The parts of
 * an accepted text give the day as DateRule.read does, and a month or a day that does not
 * exist is refused with the record's calendar messages.
 */
import { decisions, fillRule, ruleParts } from "./rules.ts";

export type DateReading = { value: string } | { problem: string };

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const leap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
/** Python's calendar.monthrange(year, month)[1]: the proleptic Gregorian calendar. */
const daysIn = (year: number, month: number) => (month === 2 ? (leap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

/** The day `text` means (AAAA-MM-JJ, as the file holds it), or why it is refused. */
export function readDate(text: string): DateReading {
  const read = ruleParts("date", text);
  if ("problem" in read) return read;
  const found = read.parts;
  const year = Number(found.year);
  const day = Number(found.day);
  const record = decisions("date");
  const refusal = (key: string, parts: Record<string, string>) => ({ problem: fillRule(record.calendar![key]!, parts) });
  const month = found.monthname !== undefined ? record.months![found.monthname]! : Number(found.month);
  if (month < 1 || month > 12) return refusal("month", { ...found, month: found.month ?? "" });
  const days = year >= 1 ? daysIn(year, month) : 31;
  if (day < 1 || day > days || year < 1) {
    return refusal("day", { ...found, monthname: record.monthNames![month - 1]!, year: String(year), days: String(days) });
  }
  return { value: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` };
}

/** A stored day as French writes it, for the field that shows it: « 15/03/2024 ». */
export function frenchDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}
