// A Queensland date some days ahead that is no public holiday of the seed's pricing, for tests that
// book a trip and check its fare: a public holiday adds its surcharge, so a test run from 21 to 24
// December (or 28 to 31) would otherwise price Christmas Day (or New Year's Day) and fail.
import { readFileSync } from 'node:fs';
import { todayInBrisbane } from '@business-chauffeur/booking-contract';

const DAY_MS = 24 * 3_600_000;

/** The public holidays of content/dataset.ndjson's pricing document (YYYY-MM-DD). */
function seedHolidays(): ReadonlySet<string> {
  const dataset = readFileSync(new URL('../../content/dataset.ndjson', import.meta.url), 'utf8');
  for (const line of dataset.split('\n')) {
    if (!line.includes('"_type":"pricing"')) continue;
    const pricing = JSON.parse(line) as {
      publicHolidaySurcharge?: { dates?: { date?: string }[] };
    };
    return new Set(
      (pricing.publicHolidaySurcharge?.dates ?? []).flatMap(({ date }) => (date ? [date] : [])),
    );
  }
  return new Set();
}

const holidays = seedHolidays();

/** The Queensland date `days` from `now`, or the first day after it that is no public holiday. */
export function ordinaryDayAhead(days: number, now = new Date()): string {
  // Queensland keeps no daylight saving: a day is 24 hours.
  for (let ahead = days; ; ahead += 1) {
    const date = todayInBrisbane(new Date(now.getTime() + ahead * DAY_MS));
    if (!holidays.has(date)) return date;
  }
}
