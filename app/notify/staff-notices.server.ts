// Staff hear of new work: a new paid booking, one for the same day, a cancellation request and a
// change of a paid booking email the operations address (STAFF_EMAIL) and mark the booking "new"
// on the run sheet until a staff member opens its page; a same-day booking less than three hours
// ahead also texts the operations mobile (STAFF_MOBILE, when set)
// (docs/decisions/058-notifications.md).
//
// The event is recorded where it happens (noteStaffNews): the booking raised in the attention
// store and a `staff-notice` job queued, keyed by the booking and the event (the booking paid; the
// cancellation request's time; the change's time), so a webhook delivered twice or a request
// retried queues one. The job builds the email from the booking as it then is and sends it once
// through the ledger (email-once.server.ts); the text message is an `sms` job of its own. Neither
// ever fails what raised it: a fault is logged.
import { todayInBrisbane, type Booking } from '@business-chauffeur/booking-contract';
import { manageBookingUrl } from '~/booking/email-phrases';
import { jobLine, jobLineRows } from '~/dispatch/job-line.server';
import { sendEmailOnce } from '~/jobs/email-once.server';
import { PermanentJobError, type JobHandler } from '~/jobs/job-runner.server';
import { enqueueTextMessage } from '~/jobs/sms-job.server';
import { getMailer } from '~/mail/mail.server';
import type { Mailer } from '~/mail/mailer.server';
import { loadEmailBrand, renderPlainEmail, type EmailBrand } from '~/mail/plain-email.server';
import type { AttentionReason, AttentionStore } from '~/store/attention-store.server';
import type { BookingStore } from '~/store/booking-store.server';
import type { JobStore } from '~/store/job-store.server';
import { getAttentionStore, getBookingStore, getJobStore } from '~/store/store.server';
import { longDate, pickupDateTime } from '~/utils/booking-format';
import { getConfig } from '~/utils/env.server';
import { log } from '~/utils/log.server';
import { pickupInstant } from './customer-notices.server';

export const STAFF_NOTICE_JOB = 'staff-notice';

/** What happened, as the email and the run sheet name it. */
export type StaffNews = 'new-booking' | 'cancellation-request' | 'change';

/** A same-day booking this close to pickup (or closer) also texts the operations mobile. */
export const URGENT_WITHIN_MS = 3 * 3600_000;

export const staffNewsLabels: Record<AttentionReason, string> = {
  'new-booking': 'New booking',
  'same-day': 'Same day',
  'cancellation-request': 'Cancellation request',
  change: 'Changed',
};

export interface StaffNoticeDeps {
  jobStore: JobStore;
  mailer: Mailer;
  bookings: Pick<BookingStore, 'getBooking'>;
  brand: () => Promise<EmailBrand>;
  staffEmail: string;
}

export function configuredStaffNoticeDeps(): StaffNoticeDeps {
  return {
    jobStore: getJobStore(),
    mailer: getMailer(),
    bookings: getBookingStore(),
    brand: loadEmailBrand,
    staffEmail: getConfig().mail.staff,
  };
}

export const staffNoticeJobKey = (bookingId: string, news: StaffNews, which: string) =>
  `${STAFF_NOTICE_JOB}:booking-${bookingId}:${news}:${which}`;
const ledgerKey = (bookingId: string, news: StaffNews, which: string, channel: 'email' | 'sms') =>
  `booking-${bookingId}:${STAFF_NOTICE_JOB}:${news}:${which}:${channel}`;

/**
 * Whether the booking is the day's work at `now`: its pickup is today in Queensland, or less than
 * three hours ahead (a booking paid at 10 PM for 12:30 AM is tonight's work, not tomorrow's).
 */
export const isSameDay = (booking: Pick<Booking, 'trip'>, now: Date) =>
  booking.trip.date === todayInBrisbane(now) || isUrgent(booking, now);

/**
 * The pickup's day as the staff's messages put it at `now`: "today", "tomorrow" (a pickup just
 * after midnight), or the date of a booking since moved further.
 */
function pickupDay(booking: Pick<Booking, 'trip'>, now: Date): string {
  if (booking.trip.date === todayInBrisbane(now)) return 'today';
  if (booking.trip.date === todayInBrisbane(new Date(now.getTime() + 24 * 3600_000))) {
    return 'tomorrow'; // Queensland keeps no daylight saving: a day is 24 hours.
  }
  return `on ${longDate(booking.trip.date)}`;
}

/** Whether the pickup is still ahead and less than three hours away. */
export function isUrgent(booking: Pick<Booking, 'trip'>, now: Date): boolean {
  const pickup = pickupInstant(booking);
  if (!pickup) return false;
  const ahead = Date.parse(pickup) - now.getTime();
  return ahead > 0 && ahead < URGENT_WITHIN_MS;
}

/**
 * Records news of a booking for staff: marks it on the run sheet and queues the email (and, for a
 * same-day booking less than three hours ahead, the text message). `which` tells one event of a
 * kind from another (a change's time); the same event noted twice is queued once. Never throws.
 */
export async function noteStaffNews(
  booking: Booking,
  news: StaffNews,
  which: string,
  options: {
    now?: Date;
    jobStore?: JobStore;
    attention?: AttentionStore;
    staffMobile?: string | null;
  } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const sameDay = news === 'new-booking' && isSameDay(booking, now);
  const urgent = sameDay && isUrgent(booking, now);
  try {
    // Opened here, inside the try: a store that cannot be opened is logged like any fault.
    const attention = options.attention ?? getAttentionStore();
    const jobStore = options.jobStore ?? getJobStore();
    const staffMobile =
      options.staffMobile === undefined ? getConfig().mail.staffMobile : options.staffMobile;
    await attention.raise(booking.id, news, at);
    if (sameDay) await attention.raise(booking.id, 'same-day', at);
    await jobStore.enqueue({
      kind: STAFF_NOTICE_JOB,
      key: staffNoticeJobKey(booking.id, news, which),
      runAt: at,
      payload: { bookingId: booking.id, news, which, sameDay, at },
      at,
    });
    if (urgent && staffMobile) {
      await enqueueTextMessage(
        {
          to: staffMobile,
          text: urgentText(booking, now),
          ledgerKey: ledgerKey(booking.id, news, which, 'sms'),
        },
        { store: jobStore, now },
      );
    }
  } catch (error) {
    log.error('Staff could not be told of news about a booking', {
      bookingId: booking.id,
      news,
      error,
    });
  }
}

/** The operations mobile's text: enough to act on from a phone. */
function urgentText(booking: Booking, now: Date): string {
  const line = jobLine(booking, null, null, null);
  return `Same-day booking ${booking.reference}: pickup ${pickupDay(booking, now)} at ${line.timeText} from ${line.pickup}, ${line.vehicle}, ${line.passenger.name} ${line.passenger.mobile}. Assign a chauffeur now.`.slice(
    0,
    1600,
  );
}

const SUBJECTS: Record<StaffNews, (booking: Booking, sameDay: boolean) => string> = {
  'new-booking': (booking, sameDay) =>
    `${sameDay ? 'Same-day booking' : 'New booking'} ${booking.reference}: ${pickupDateTime(booking.trip.date, booking.trip.time)}`,
  'cancellation-request': (booking) => `Cancellation request: booking ${booking.reference}`,
  change: (booking) => `Booking ${booking.reference} changed`,
};

const OPENINGS: Record<StaffNews, (booking: Booking, sameDay: boolean, at: Date) => string> = {
  'new-booking': (booking, sameDay, at) =>
    sameDay
      ? `Booking ${booking.reference} was paid for a pickup ${pickupDay(booking, at)}. Assign a chauffeur and car now.`
      : `Booking ${booking.reference} was paid. Assign a chauffeur and car before the day.`,
  'cancellation-request': (booking) =>
    `The customer asked on the website to cancel booking ${booking.reference}. Call them back, then cancel it (with any refund) on the booking's page.`,
  change: (booking) =>
    `Booking ${booking.reference} was changed. Its details as they now are are below; check the chauffeur and car still suit it.`,
};

/** When the news was noted (the job's payload), or the job's run time for an older payload. */
function notedAt(at: unknown, fallback: Date): Date {
  const time = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return Number.isNaN(time) ? fallback : new Date(time);
}

/** The `staff-notice` job: emails the operations address, once. */
export function staffNoticeJob(deps: StaffNoticeDeps = configuredStaffNoticeDeps()): JobHandler {
  return async (job, { attempt, now }) => {
    const { bookingId, news, which } = job.payload;
    if (
      typeof bookingId !== 'string' ||
      typeof which !== 'string' ||
      (news !== 'new-booking' && news !== 'cancellation-request' && news !== 'change')
    ) {
      throw new PermanentJobError('The job does not say which booking and news.');
    }
    const booking = await deps.bookings.getBooking(bookingId);
    if (!booking) throw new PermanentJobError('The booking no longer exists.');
    const sameDay = job.payload.sameDay === true;
    const brand = await deps.brand();
    const subject = SUBJECTS[news](booking, sameDay);
    const { text, html } = renderPlainEmail(brand, {
      title: subject,
      paragraphs: [OPENINGS[news](booking, sameDay, notedAt(job.payload.at, now()))],
      details: [...jobLineRows(jobLine(booking, null, null, null)), ['Status', booking.status]],
      action: {
        label: 'Open the booking',
        url: new URL(`/staff/bookings/${booking.reference}`, brand.siteUrl).href,
      },
      footnotes: [
        'The booking is marked new on the run sheet until someone opens it.',
        `The customer's own page: ${manageBookingUrl(brand.siteUrl, booking.reference)}`,
      ],
    });
    await sendEmailOnce({
      store: deps.jobStore,
      mailer: deps.mailer,
      key: ledgerKey(bookingId, news, which, 'email'),
      attempt,
      now,
      message: { to: [deps.staffEmail], subject, text, html },
    });
  };
}

/**
 * A staff member opened the booking: its news is seen, and no longer marked on the run sheet.
 * Not audit-logged (opening a page changes no booking; the record keeps who saw it and when).
 * Never fails the page: a fault is logged and the mark stays for the next opening.
 */
export async function markBookingSeen(
  bookingId: string,
  by: string,
  { now = new Date(), attention }: { now?: Date; attention?: AttentionStore } = {},
): Promise<void> {
  try {
    await (attention ?? getAttentionStore()).markSeen(bookingId, by, now.toISOString());
  } catch (error) {
    log.error('A booking could not be marked seen', { bookingId, error });
  }
}
