// Texts and addresses of the summary step, as pure functions.
import {
  formatMoneyWithCode,
  placeText,
  to12HourTime,
  type QuoteResponse,
} from '@business-chauffeur/booking-contract';
import { widgetStepMessages, type BookingDraft } from '@business-chauffeur/booking-contract/widget';

/** "Friday 12 December 2026 at 10:00 AM (Queensland time)". */
export function formatPickup(date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const day0 = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  // The date is a Queensland calendar date: formatting it as UTC keeps the browser's zone out.
  const dateText = new Intl.DateTimeFormat('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day0);
  return `${dateText} at ${to12HourTime(time) ?? time} (Queensland time)`;
}

/** Google's Maps Embed directions URL for the trip, stops as waypoints, by place id. */
export function mapsEmbedUrl(quote: QuoteResponse, mapsKey: string): string {
  const { trip } = quote;
  const params = new URLSearchParams({
    key: mapsKey,
    origin: `place_id:${trip.pickup.placeId}`,
    destination: `place_id:${trip.drop.placeId}`,
    mode: 'driving',
  });
  if (trip.stops.length > 0) {
    params.set('waypoints', trip.stops.map((stop) => `place_id:${stop.placeId}`).join('|'));
  }
  return `https://www.google.com/maps/embed/v1/directions?${params}`;
}

/**
 * The paid trip in short, for the success screen: pickup (and flight), stops, drop, date and time,
 * hours when booked by the hour, vehicle and the total paid, from the trip as the server priced it and the booking's amount.
 */
export function successRecap(
  quote: QuoteResponse | null,
  vehicleTitle: string | null,
  totalCents: number,
): [string, string][] {
  const summary = widgetStepMessages.summary;
  const rows: [string, string][] = [];
  if (quote) {
    const { trip } = quote;
    rows.push([summary.pickup, placeText(trip.pickup)]);
    if (trip.flightNumber) rows.push([summary.flight, summary.flightText(trip.flightNumber)]);
    trip.stops.forEach((stop, index) => rows.push([summary.stop(index), placeText(stop)]));
    rows.push(
      [summary.drop, placeText(trip.drop)],
      [summary.dateTime, formatPickup(trip.date, trip.time)],
    );
    if (trip.byTheHour) rows.push([summary.hours, summary.bookedFor(trip.hours)]);
  }
  if (vehicleTitle) rows.push([summary.vehicle, vehicleTitle]);
  rows.push([widgetStepMessages.success.total, formatMoneyWithCode(totalCents)]);
  return rows;
}

/**
 * Who the confirmation email goes to: the person booking (when booking for someone else) and
 * the passenger, each address once.
 */
export function confirmationRecipients(
  draft: Pick<BookingDraft, 'passenger' | 'onBehalf' | 'bookingPerson'>,
): string[] {
  const emails = [draft.onBehalf ? draft.bookingPerson.email : '', draft.passenger.email]
    .map((email) => email.trim())
    .filter((email) => email !== '');
  const seen = new Set<string>();
  return emails.filter((email) => {
    const key = email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
