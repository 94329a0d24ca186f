// The passenger told who is coming: when a chauffeur and car are put on a paid booking (a first
// assignment or a different chauffeur or car), and again a time before pickup set in Studio (Site
// settings, "Reminder before pickup", seed 60 minutes), the passenger is sent the chauffeur's
// first name, the car, its plate and the business's number, by email and by text message
// (docs/decisions/058-notifications.md).
//
// Both are jobs (app/jobs/): an assignment enqueues a `customer-notice` job and a
// `pickup-reminder` job due at pickup minus the reminder time (at once when that is past and the
// pickup is still ahead). Each job builds its message when it runs, from the booking and its job
// as they are then: a reminder names whoever is on the job by then, and does nothing once the
// booking is cancelled, unassigned or moved (the move enqueued a reminder of its own, keyed by the
// new pickup). A notice for a chauffeur and car no longer on the job does nothing either (the
// change enqueued its own).
//
// Each message is sent once: the email through the ledger (email-once.server.ts), the text
// message as an `sms` job of its own (sms-job.server.ts), so a number Twilio refuses is a dead
// `sms` job and a "failed" ledger entry (shown on the booking's staff page) while the email still
// goes. Ledger keys: "booking-<id>:customer-notice:<job sequence>:email|sms" per assignment, and
// "booking-<id>:pickup-reminder:<pickup instant>:email|sms" per pickup.
import {
  brisbaneInstant,
  formatStoredPhone,
  toE164,
  type Booking,
} from '@business-chauffeur/booking-contract';
import { getDispatchSettings } from '~/dispatch/dispatch-settings.server';
import { sendEmailOnce } from '~/jobs/email-once.server';
import { PermanentJobError, type JobHandler } from '~/jobs/job-runner.server';
import { enqueueTextMessage, smsJobKey } from '~/jobs/sms-job.server';
import { getMailer } from '~/mail/mail.server';
import type { Mailer } from '~/mail/mailer.server';
import { loadEmailBrand, renderPlainEmail, type EmailBrand } from '~/mail/plain-email.server';
import { TextMessageError } from '~/messages/text-messages.server';
import type { BookingStore } from '~/store/booking-store.server';
import type {
  CarRecord,
  ChauffeurRecord,
  DispatchStore,
  JobRecord,
} from '~/store/dispatch-store.server';
import type { Job, JobStore } from '~/store/job-store.server';
import { getBookingStore, getDispatchStore, getJobStore } from '~/store/store.server';
import { manageBookingUrl } from '~/booking/email-phrases';
import { pickupDateTime } from '~/utils/booking-format';
import { log } from '~/utils/log.server';

export const CUSTOMER_NOTICE_JOB = 'customer-notice';
export const PICKUP_REMINDER_JOB = 'pickup-reminder';

/** What staff are told on the booking's page. */
export const customerNoticeMessages = {
  notQueued:
    'The passenger could not be sent the chauffeur’s name and car just now: call them with it.',
  undelivered: (to: string, error: string) =>
    `Text message to ${to} could not be delivered: ${error} Call the passenger, or correct the mobile number on the booking.`,
} as const;

type NoticeKind = typeof CUSTOMER_NOTICE_JOB | typeof PICKUP_REMINDER_JOB;

/** What the notice jobs read and send through (the configured ones, or a test's). */
export interface NoticeDeps {
  jobStore: JobStore;
  mailer: Mailer;
  bookings: Pick<BookingStore, 'getBooking'>;
  dispatch: Pick<DispatchStore, 'getJob' | 'getChauffeur' | 'getCar'>;
  brand: () => Promise<EmailBrand>;
}

export function configuredNoticeDeps(): NoticeDeps {
  return {
    jobStore: getJobStore(),
    mailer: getMailer(),
    bookings: getBookingStore(),
    dispatch: getDispatchStore(),
    brand: loadEmailBrand,
  };
}

/** The ledger key of one notice's email or text message. */
export const noticeLedgerKey = (
  bookingId: string,
  kind: NoticeKind,
  which: string | number,
  channel: 'email' | 'sms',
) => `booking-${bookingId}:${kind}:${which}:${channel}`;

/** The passenger's mobile in E.164 form, as the booking has it. */
export function passengerMobile(booking: Booking): string {
  const { countryCode, mobileNumber } = booking.contacts.passenger;
  return toE164(countryCode, mobileNumber);
}

/** The pickup as an instant (ISO, UTC); null when the booking has no valid date and time. */
export function pickupInstant(booking: Pick<Booking, 'trip'>): string | null {
  return brisbaneInstant(booking.trip.date, booking.trip.time)?.toISOString() ?? null;
}

/**
 * The number the passenger is given: the business's, never the chauffeur's own mobile. A chauffeur
 * at the wheel may not take a handheld call, dispatch can reach any chauffeur and answer for a
 * late car, and a private number is not handed to every passenger.
 */
const numberToCall = (brand: EmailBrand) => brand.phone;

export interface CustomerNoticeText {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

/** The email and text message of a notice: what the passenger reads. */
export function customerNoticeText(
  kind: NoticeKind,
  booking: Booking,
  chauffeur: Pick<ChauffeurRecord, 'firstName'>,
  car: Pick<CarRecord, 'plate' | 'makeModel'>,
  brand: EmailBrand,
): CustomerNoticeText {
  const when = pickupDateTime(booking.trip.date, booking.trip.time);
  const name = chauffeur.firstName;
  const phone = numberToCall(brand);
  const reminder = kind === PICKUP_REMINDER_JOB;
  const subject = reminder
    ? `${name} is your chauffeur today: booking ${booking.reference}`
    : `Your chauffeur for booking ${booking.reference}: ${name}`;
  const { text, html } = renderPlainEmail(brand, {
    title: reminder ? 'Your chauffeur is on the way soon' : 'Your chauffeur',
    greeting: `Hello ${booking.contacts.passenger.firstName},`,
    paragraphs: [
      reminder
        ? `A reminder of your trip on ${when} (Queensland time): ${name} will meet you in the ${car.makeModel}, registration ${car.plate}.`
        : `${name} will be your chauffeur on ${when} (Queensland time), in the ${car.makeModel}, registration ${car.plate}.`,
      `If you need to reach your chauffeur, or your plans change, call us on ${phone}: we answer 24 hours a day and will pass on your message.`,
    ],
    details: [
      ['Booking number', booking.reference],
      ['Pickup', `${when} (Queensland time)`],
      ['Chauffeur', name],
      ['Car', car.makeModel],
      ['Registration plate', car.plate],
      ['Call us', phone],
    ],
    action: {
      label: 'See your booking',
      url: manageBookingUrl(brand.siteUrl, booking.reference),
    },
  });
  const sms = reminder
    ? `${brand.name}: reminder for booking ${booking.reference} on ${when}. ${name} will meet you in the ${car.makeModel}, plate ${car.plate}. Questions? Call ${phone}.`
    : `${brand.name}: ${name} is your chauffeur for booking ${booking.reference} on ${when}, in the ${car.makeModel}, plate ${car.plate}. Questions? Call ${phone}.`;
  return { subject, text, html, sms };
}

interface NoticeTarget {
  booking: Booking;
  job: JobRecord;
  chauffeur: ChauffeurRecord;
  car: CarRecord;
}

/** The booking and who is on it now; null when there is nobody to name (or nothing to remind). */
async function currentTarget(deps: NoticeDeps, bookingId: string): Promise<NoticeTarget | null> {
  const booking = await deps.bookings.getBooking(bookingId);
  if (!booking || booking.status !== 'CONFIRMED') return null;
  const job = await deps.dispatch.getJob(bookingId);
  if (!job?.chauffeurId || !job.carId) return null;
  const [chauffeur, car] = await Promise.all([
    deps.dispatch.getChauffeur(job.chauffeurId),
    deps.dispatch.getCar(job.carId),
  ]);
  if (!chauffeur || !car) return null;
  return { booking, job, chauffeur, car };
}

function stringField(job: Job, field: string): string {
  const value = job.payload[field];
  if (typeof value !== 'string' || value === '') {
    throw new PermanentJobError(`The job has no ${field}.`);
  }
  return value;
}

/** Sends a notice's email and queues its text message, each once. */
async function sendNotice(
  deps: NoticeDeps,
  kind: NoticeKind,
  which: string | number,
  target: NoticeTarget,
  { attempt, now }: { attempt: string; now: () => Date },
) {
  const { booking } = target;
  const brand = await deps.brand();
  const notice = customerNoticeText(kind, booking, target.chauffeur, target.car, brand);
  const smsKey = noticeLedgerKey(booking.id, kind, which, 'sms');
  try {
    await enqueueTextMessage(
      { to: passengerMobile(booking), text: notice.sms, ledgerKey: smsKey },
      { store: deps.jobStore, now: now() },
    );
  } catch (error) {
    if (!(error instanceof TextMessageError && error.permanent)) throw error;
    // A number that is not a mobile number at all: recorded as undeliverable, shown to staff.
    await deps.jobStore.recordFailed(smsKey, attempt, error.message, now().toISOString());
    log.warn('A passenger text message could not be queued', {
      bookingId: booking.id,
      kind,
      error: error.message,
    });
  }
  await sendEmailOnce({
    store: deps.jobStore,
    mailer: deps.mailer,
    key: noticeLedgerKey(booking.id, kind, which, 'email'),
    attempt,
    now,
    message: {
      to: [booking.contacts.passenger.email],
      replyTo: brand.email,
      subject: notice.subject,
      text: notice.text,
      html: notice.html,
    },
  });
}

/**
 * The `customer-notice` job: tells the passenger the chauffeur and car just put on the booking,
 * unless they are no longer on it by the time it runs.
 */
export function customerNoticeJob(deps: NoticeDeps = configuredNoticeDeps()): JobHandler {
  return async (job, attempt) => {
    const bookingId = stringField(job, 'bookingId');
    const sequence = Number(job.payload.sequence);
    const target = await currentTarget(deps, bookingId);
    if (
      !target ||
      target.job.chauffeurId !== job.payload.chauffeurId ||
      target.job.carId !== job.payload.carId
    ) {
      return;
    }
    await sendNotice(deps, CUSTOMER_NOTICE_JOB, sequence, target, attempt);
  };
}

/**
 * The `pickup-reminder` job: built when it runs, from the booking as it is then. Nothing is sent
 * when the booking is no longer confirmed, has nobody on it, was moved to another pickup (that
 * pickup has its own reminder) or its pickup has passed.
 */
export function pickupReminderJob(deps: NoticeDeps = configuredNoticeDeps()): JobHandler {
  return async (job, attempt) => {
    const bookingId = stringField(job, 'bookingId');
    const pickupAt = stringField(job, 'pickupAt');
    const target = await currentTarget(deps, bookingId);
    if (!target || pickupInstant(target.booking) !== pickupAt) return;
    if (Date.parse(pickupAt) <= attempt.now().getTime()) return;
    await sendNotice(deps, PICKUP_REMINDER_JOB, pickupAt, target, attempt);
  };
}

export const customerNoticeJobKey = (bookingId: string, sequence: number) =>
  `${CUSTOMER_NOTICE_JOB}:booking-${bookingId}:${sequence}`;
export const pickupReminderJobKey = (bookingId: string, pickupAt: string) =>
  `${PICKUP_REMINDER_JOB}:booking-${bookingId}:${pickupAt}`;

/**
 * After a chauffeur and car were put on a booking (or the job moved with its trip): queues the
 * notice when the chauffeur or car is new to it, and the reminder for the pickup as it now is.
 * Enqueuing is idempotent by key, so a request run twice queues each once.
 */
export async function scheduleCustomerNotices(
  { booking, job, previous }: { booking: Booking; job: JobRecord; previous: JobRecord | null },
  {
    store = getJobStore(),
    reminderMinutes,
    now = new Date(),
  }: { store?: JobStore; reminderMinutes?: number; now?: Date } = {},
): Promise<void> {
  if (!job.chauffeurId || !job.carId) return;
  const at = now.toISOString();
  const pickupAt = pickupInstant(booking);
  if (!pickupAt || Date.parse(pickupAt) <= now.getTime()) return;
  if (previous?.chauffeurId !== job.chauffeurId || previous.carId !== job.carId) {
    await store.enqueue({
      kind: CUSTOMER_NOTICE_JOB,
      key: customerNoticeJobKey(booking.id, job.sequence),
      runAt: at,
      payload: {
        bookingId: booking.id,
        sequence: job.sequence,
        chauffeurId: job.chauffeurId,
        carId: job.carId,
      },
      at,
    });
  }
  const minutes = reminderMinutes ?? (await getDispatchSettings()).reminderMinutes;
  const due = Date.parse(pickupAt) - minutes * 60_000;
  await store.enqueue({
    kind: PICKUP_REMINDER_JOB,
    key: pickupReminderJobKey(booking.id, pickupAt),
    runAt: new Date(Math.max(due, now.getTime())).toISOString(),
    payload: { bookingId: booking.id, pickupAt },
    at,
  });
}

export interface UndeliveredText {
  to: string;
  error: string;
  at: string;
}

/**
 * The passenger's text messages that could not be delivered (a number Twilio refused, one that
 * is not a mobile number): for the booking's staff page.
 */
export async function undeliveredTexts(
  booking: Booking,
  job: JobRecord | null,
  store: JobStore = getJobStore(),
): Promise<UndeliveredText[]> {
  const keys: string[] = [];
  if (job) {
    for (let sequence = 0; sequence <= job.sequence; sequence += 1) {
      keys.push(noticeLedgerKey(booking.id, CUSTOMER_NOTICE_JOB, sequence, 'sms'));
    }
  }
  const pickupAt = pickupInstant(booking);
  if (pickupAt) keys.push(noticeLedgerKey(booking.id, PICKUP_REMINDER_JOB, pickupAt, 'sms'));
  const entries = await Promise.all(keys.map((key) => store.ledgerEntry(key)));
  const failed = entries.filter((entry) => entry?.state === 'failed');
  return Promise.all(
    failed.map(async (entry) => {
      const sms = await store.get(smsJobKey(entry!.key));
      const to = typeof sms?.payload.to === 'string' ? sms.payload.to : passengerMobile(booking);
      return { to: formatStoredPhone(to), error: entry!.error ?? '', at: entry!.at };
    }),
  );
}
