// The settle pass: what the server does every SETTLE_INTERVAL_SECONDS (server/index.ts) so paid
// bookings reach their customers without anyone asking.
//
// 1. Payments this process verified but could not save (the store refused the write after the
//    charge, app/booking/deferred-settlements.server.ts) are read from the provider again and
//    applied: the booking becomes CONFIRMED and its email is sent.
// 2. Confirmation emails still unsent are sent: those that failed (the mail server or the CMS was
//    down), and those whose claim was left by a process that died mid-send, once the claim's
//    lifetime (CLAIM_TTL_MS, two minutes) is over.
//
// Safe on any number of instances at once: the email is claimed on the booking in a store
// transaction before it is sent (confirmation-email.server.ts), so each copy goes once, and
// payment outcomes are recorded once by event id. It looks at the bookings created in the last two
// days (a widget keeps its draft for 24 hours, so a booking is paid within a day of being made);
// older ones are left to the reconciliation (`npm run reconcile`, and on every start), which also
// reads unpaid bookings from the provider. An email the mail server keeps refusing is tried again
// less and less often (one minute, doubling to an hour) by this process.
import { getBookingStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { settleFromProvider } from './booking-payments.server';
import { CLAIM_TTL_MS, ensureConfirmationEmail } from './confirmation-email.server';
import { deferredSettlements, settlementDone } from './deferred-settlements.server';

/** How far back the pass looks for confirmed bookings without their email. */
export const SETTLE_LOOK_BACK_MS = 2 * 24 * 3600_000;

const FIRST_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 3600_000;
/** The most failing emails remembered for backing off (the rest are simply tried every pass). */
const MAX_BACKOFFS = 1000;

export interface SettlePassOptions {
  now?: Date;
  /** How many bookings the store looks at per page (default 200); every page is read. */
  pageSize?: number;
}

export interface SettlePassSummary {
  /** Deferred payments applied now (CONFIRMED, or REJECTED for a declined card). */
  settled: number;
  /** Bookings whose confirmation email went out during this pass. */
  emailsSent: number;
  /** Bookings left for the next pass (store, provider or mail server still failing); logged. */
  failed: number;
}

// Emails that failed in this process: when to try each again, and how many times it failed.
const backoff = new Map<string, { failures: number; nextAt: number }>();

function backOff(bookingId: string, now: number): void {
  const failures = (backoff.get(bookingId)?.failures ?? 0) + 1;
  backoff.delete(bookingId);
  backoff.set(bookingId, {
    failures,
    nextAt: now + Math.min(FIRST_BACKOFF_MS * 2 ** (failures - 1), MAX_BACKOFF_MS),
  });
  if (backoff.size > MAX_BACKOFFS) backoff.delete(backoff.keys().next().value as string);
}

export async function runSettlePass(options: SettlePassOptions = {}): Promise<SettlePassSummary> {
  const now = options.now ?? new Date();
  const store = getBookingStore();
  const summary: SettlePassSummary = { settled: 0, emailsSent: 0, failed: 0 };

  for (const bookingId of deferredSettlements()) {
    try {
      const booking = await store.getBooking(bookingId);
      if (!booking) {
        settlementDone(bookingId);
        continue;
      }
      const after = await settleFromProvider(booking);
      if (after.status !== booking.status) summary.settled += 1;
      if (after.status === 'DRAFT' || after.status === 'REJECTED') {
        // Still not applied: settleFromProvider kept it when the store refused again.
        if (deferredSettlements().includes(bookingId)) summary.failed += 1;
      } else {
        settlementDone(bookingId);
      }
      if (after.confirmationEmail.sentAt && !booking.confirmationEmail.sentAt) {
        summary.emailsSent += 1;
      }
    } catch (error) {
      summary.failed += 1;
      log.error('A deferred payment could not be settled', { bookingId, error });
    }
  }

  const since = new Date(now.getTime() - SETTLE_LOOK_BACK_MS).toISOString();
  let cursor: string | undefined;
  do {
    const page = await store.listUnsettledBookings({
      createdSince: since,
      cursor,
      limit: options.pageSize ?? 200,
    });
    cursor = page.cursor ?? undefined;
    for (const booking of page.bookings) {
      const email = booking.confirmationEmail;
      if (booking.status !== 'CONFIRMED' || email.sentAt) continue;
      // Being sent by a live process (or one that died less than a claim's lifetime ago).
      if (email.claimedAt && now.getTime() - Date.parse(email.claimedAt) < CLAIM_TTL_MS) continue;
      const wait = backoff.get(booking.id);
      if (wait && wait.nextAt > now.getTime()) continue;
      try {
        const outcome = await ensureConfirmationEmail(booking, now);
        if (!outcome.delivered) {
          summary.failed += 1;
          backOff(booking.id, now.getTime());
        } else {
          backoff.delete(booking.id);
          if (outcome.booking.confirmationEmail.sentAt) summary.emailsSent += 1;
        }
      } catch (error) {
        summary.failed += 1;
        backOff(booking.id, now.getTime());
        log.error('A confirmation email could not be sent by the settle pass', {
          bookingId: booking.id,
          error,
        });
      }
    }
  } while (cursor);

  if (summary.settled + summary.emailsSent + summary.failed > 0) {
    log.info('Settle pass', { ...summary });
  }
  return summary;
}
