// Dates and times of a booking as people read them, the same on the site and in emails. Booking
// dates and times are Queensland wall-clock values (docs/product.md, "Date, time and the
// Queensland clock"), formatted without any time zone conversion so the server's and the
// browser's zones never shift them.
import { parseIsoDate, to12HourTime } from '@business-chauffeur/booking-contract';

/** "Friday 14 March 2031" for a Queensland date (YYYY-MM-DD). */
export function longDate(date: string): string {
  const day = parseIsoDate(date);
  if (!day) return date;
  return new Intl.DateTimeFormat('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(Date.UTC(day.year, day.month - 1, day.day)))
    .replace(',', '');
}

/** "Friday 14 March 2031 at 10:00 AM" (Queensland time). */
export function pickupDateTime(date: string, time: string): string {
  return `${longDate(date)} at ${to12HourTime(time) ?? time}`;
}

/** "14 Mar 2031, 9:05 AM" in Queensland time for an instant (an ISO timestamp). */
export function queenslandTimestamp(iso: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Australia/Brisbane',
  }).format(new Date(iso));
}
