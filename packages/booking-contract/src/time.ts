// Queensland time for the booking wizard (docs/product.md, "Date, time and the Queensland
// clock"). Dates and times a customer enters are wall clock times in Australia/Brisbane whatever
// zone the browser is in, and "at least one hour from now" is checked in that zone, in the widget
// and again on the server, with the same code.
//
// Queensland has kept UTC+10 all year since 1992 (no daylight saving), so the conversion is a fixed
// offset: the result never depends on the browser's or the server's own zone or time-zone data.
// Every function takes `now` so tests, the widget and the server can all pass their own clock.

export const BRISBANE_TIME_ZONE = 'Australia/Brisbane';

/** Australia/Brisbane is UTC+10:00 all year. */
export const BRISBANE_UTC_OFFSET_MINUTES = 600;

/** A pickup is at least one hour ahead (docs/product.md, "Date, time and the Queensland clock"). */
export const MIN_LEAD_TIME_MINUTES = 60;

/** The pickup time the wizard starts with. */
export const DEFAULT_PICKUP_TIME = '10:00';

const MINUTE_MS = 60_000;
const OFFSET_MS = BRISBANE_UTC_OFFSET_MINUTES * MINUTE_MS;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The wall clock in Brisbane at an instant, as UTC fields of a shifted Date. */
function brisbaneWallClock(instant: Date): Date {
  return new Date(instant.getTime() + OFFSET_MS);
}

/** Today's date in Brisbane at `now`, as YYYY-MM-DD (the value of an <input type="date">). */
export function todayInBrisbane(now: Date = new Date()): string {
  const wall = brisbaneWallClock(now);
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/** The time of day in Brisbane at `now`, as HH:MM (24-hour). */
export function timeInBrisbane(now: Date = new Date()): string {
  const wall = brisbaneWallClock(now);
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * The earliest date a customer can book at `now`: the Brisbane date one hour ahead. It is today
 * (the date picker's minimum) except in the last hour before midnight, when no time today can be
 * booked.
 */
export function earliestBookingDate(now: Date = new Date()): string {
  return todayInBrisbane(new Date(now.getTime() + MIN_LEAD_TIME_MINUTES * MINUTE_MS));
}

/**
 * The last date a customer can book at `now` with a horizon of `months`: today's Brisbane date that
 * many calendar months on, or the month's last day when it has no such day (31 January + 1 month is
 * 28 or 29 February).
 */
export function latestBookingDate(months: number, now: Date = new Date()): string {
  const wall = brisbaneWallClock(now);
  const whole = Math.max(0, Math.floor(months));
  const target = wall.getUTCMonth() + whole;
  const year = wall.getUTCFullYear() + Math.floor(target / 12);
  const month = target % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(wall.getUTCDate(), lastDay);
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`;
}

/** True when `date` (YYYY-MM-DD) is on or before the last bookable date of the horizon. */
export function isWithinBookingHorizon(
  date: string,
  months: number,
  now: Date = new Date(),
): boolean {
  // YYYY-MM-DD strings compare in calendar order.
  return date <= latestBookingDate(months, now);
}

/** Parses YYYY-MM-DD into its parts; undefined when it is not a real calendar date. */
export function parseIsoDate(
  value: string,
): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    return undefined;
  }
  return { year, month, day };
}

/** Parses HH:MM (24-hour, 00:00 to 23:59) into minutes after midnight; undefined otherwise. */
export function parseTimeOfDay(value: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The instant of a Brisbane date and time of day; undefined when either is not valid. */
export function brisbaneInstant(date: string, time: string): Date | undefined {
  const day = parseIsoDate(date);
  const minutes = parseTimeOfDay(time);
  if (!day || minutes === undefined) return undefined;
  const wallMs = Date.UTC(day.year, day.month - 1, day.day) + minutes * MINUTE_MS;
  return new Date(wallMs - OFFSET_MS);
}

/**
 * True when a pickup at `date` `time` (Brisbane) is at least one hour after `now`; exactly one
 * hour ahead is accepted. Invalid dates or times are never "ahead".
 */
export function isAtLeastOneHourAhead(date: string, time: string, now: Date = new Date()): boolean {
  const pickup = brisbaneInstant(date, time);
  if (!pickup) return false;
  return pickup.getTime() - now.getTime() >= MIN_LEAD_TIME_MINUTES * MINUTE_MS;
}

/**
 * True when some time on `date` (Brisbane) is at least one hour after `now`, that is when the
 * date's last minute, 23:59, is; a date in the past or tonight's last hour is not bookable.
 */
export function isBookableDate(date: string, now: Date = new Date()): boolean {
  return isAtLeastOneHourAhead(date, '23:59', now);
}

/** 24-hour HH:MM as people read it, 12-hour with AM/PM ("14:05" → "2:05 PM"). */
export function to12HourTime(time: string): string | undefined {
  const minutes = parseTimeOfDay(time);
  if (minutes === undefined) return undefined;
  const hours24 = Math.floor(minutes / 60);
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return `${hours12}:${pad(minutes % 60)} ${hours24 < 12 ? 'AM' : 'PM'}`;
}
