// The day's run sheet (/staff/day and its CSV): every job of one Queensland day by pickup time,
// each with its chauffeur and car (or none yet), as a dispatcher prints it in the morning. The
// bookings come from the booking store's staff query for that pickup day (a page at a time, by
// index), their jobs by booking id from the dispatch store. Jobs are the paid bookings that still
// run or ran: confirmed, completed or no-show; cancelled ones are not on the sheet.
import {
  parseIsoDate,
  todayInBrisbane,
  type BookingStatus,
} from '@business-chauffeur/booking-contract';
import { csvText } from '~/staff/reports.server';
import { getBookingStore, getDispatchStore } from '~/store/store.server';
import { jobLine, type JobLine } from './job-line.server';

const JOB_STATUSES: ReadonlySet<BookingStatus> = new Set(['CONFIRMED', 'COMPLETED', 'NO_SHOW']);

/** How many bookings one store page reads; a day has far fewer. */
const PAGE_SIZE = 200;

export interface RunSheet {
  /** Queensland date, YYYY-MM-DD. */
  date: string;
  lines: JobLine[];
  unassigned: number;
}

/** The day asked for (?date=YYYY-MM-DD), else today in Queensland. */
export function runSheetDate(value: string | null, now = new Date()): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && parseIsoDate(value) !== undefined
    ? value
    : todayInBrisbane(now);
}

/** The Queensland date `days` after `date` (YYYY-MM-DD; negative for before). */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

export async function loadRunSheet(date: string): Promise<RunSheet> {
  const bookings = [];
  let cursor: string | null = null;
  do {
    const page = await getBookingStore().listStaffBookings({
      status: 'not-draft',
      pickupFrom: date,
      pickupTo: date,
      limit: PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
    bookings.push(...page.bookings.filter((booking) => JOB_STATUSES.has(booking.status)));
    cursor = page.cursor;
  } while (cursor);
  const dispatch = getDispatchStore();
  const [jobs, chauffeurs, cars] = await Promise.all([
    dispatch.listJobs(bookings.map((booking) => booking.id)),
    dispatch.listChauffeurs(),
    dispatch.listCars(),
  ]);
  const jobOf = new Map(jobs.map((job) => [job.bookingId, job]));
  const lines = bookings.map((booking) => {
    const job = jobOf.get(booking.id) ?? null;
    return jobLine(
      booking,
      job,
      chauffeurs.find((chauffeur) => chauffeur.id === job?.chauffeurId) ?? null,
      cars.find((car) => car.id === job?.carId) ?? null,
    );
  });
  return { date, lines, unassigned: lines.filter((line) => line.chauffeur === null).length };
}

const CSV_COLUMNS = [
  'Date',
  'Time',
  'Booking',
  'Status',
  'Chauffeur',
  'Chauffeur mobile',
  'Car',
  'Vehicle booked',
  'Pickup',
  'Flight',
  'Stops',
  'Drop',
  'Hours',
  'Passengers',
  'Luggage',
  'Child seats',
  'Trailer',
  'Notes',
  'Passenger',
  'Passenger mobile',
];

/**
 * The run sheet as a CSV file (RFC 4180, UTF-8 with BOM, CRLF): every text field through the
 * report's csvText, so what a customer typed (notes, names) cannot run as a spreadsheet formula.
 */
export function runSheetCsv(sheet: RunSheet): string {
  const rows = sheet.lines.map((line) =>
    [
      line.date,
      line.time,
      line.reference,
      line.status,
      line.chauffeur?.name ?? 'Unassigned',
      line.chauffeur?.mobile ?? '',
      line.car ? `${line.car.plate} ${line.car.makeModel}` : '',
      line.vehicle,
      line.pickup,
      line.flight,
      line.stops.join(' | '),
      line.drop,
      line.hours,
      String(line.passengers),
      line.luggage,
      line.childSeats,
      line.trailer ? 'Yes' : '',
      line.notes,
      line.passenger.name,
      line.passenger.mobile,
    ]
      .map(csvText)
      .join(','),
  );
  return `\uFEFF${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

export const runSheetFilename = (date: string) => `run-sheet-${date}.csv`;
