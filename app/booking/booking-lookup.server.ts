// Manage booking (docs/product.md): a booking is found by its reference AND an
// email it was made with (case-insensitive), and a wrong email answers exactly as a wrong number
// does. Lookups are rate limited per client address and per email (10 a minute each), so numbers
// cannot be enumerated. Used by POST /api/bookings/lookup and the /manage-booking page alike. A
// booking found unpaid is first settled from the payment provider (a charge whose outcome never
// reached the store).
import {
  messages,
  parseLookupRequest,
  type Booking,
  type BookingView,
  type FieldErrors,
} from '@business-chauffeur/booking-contract';
import { noteStaffNews } from '~/notify/staff-notices.server';
import { getBookingStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { createRateLimiter } from '~/limits/rate-limit.server';
import { settleFromProvider } from './booking-payments.server';
import { bookingHasEmail, toBookingView, touched } from './booking-record.server';

export const LOOKUPS_PER_MINUTE = 10;

/** Counted in the store, so every instance shares them; exported so tests can reset them. */
export const lookupLimiters = {
  byAddress: createRateLimiter({
    name: 'lookup-address',
    limit: LOOKUPS_PER_MINUTE,
    windowMs: 60_000,
  }),
  byEmail: createRateLimiter({ name: 'lookup-email', limit: LOOKUPS_PER_MINUTE, windowMs: 60_000 }),
};

/** Most cancellation requests kept on one booking (repeated clicks add nothing new for staff). */
const MAX_CANCELLATION_REQUESTS = 20;

export type LookupOutcome =
  | { kind: 'invalid'; fields: FieldErrors }
  | { kind: 'rate_limited'; retryAfterSeconds: number }
  | { kind: 'not_found'; message: string }
  | { kind: 'found'; booking: Booking; view: BookingView };

export interface LookupCommand {
  /** { email, bookingNumber } as sent (JSON body or form fields). */
  input: unknown;
  clientAddress: string;
  now?: number;
}

export async function lookupBooking({
  input,
  clientAddress,
  now = Date.now(),
}: LookupCommand): Promise<LookupOutcome> {
  const perAddress = await lookupLimiters.byAddress.hit(clientAddress, now);
  if (!perAddress.allowed) {
    return { kind: 'rate_limited', retryAfterSeconds: perAddress.retryAfterSeconds };
  }
  const parsed = parseLookupRequest(input);
  if (!parsed.success) return { kind: 'invalid', fields: parsed.fields };

  const perEmail = await lookupLimiters.byEmail.hit(parsed.data.email.toLowerCase(), now);
  if (!perEmail.allowed) {
    return { kind: 'rate_limited', retryAfterSeconds: perEmail.retryAfterSeconds };
  }

  const found = await getBookingStore().findBookingByReference(parsed.data.bookingNumber);
  if (!found || !bookingHasEmail(found, parsed.data.email)) {
    return { kind: 'not_found', message: messages.lookup.noMatch };
  }
  // A payment that went through without reaching the booking (its webhook lost, the store down
  // when it came) is applied now from the provider, so the customer sees the booking confirmed.
  const booking = await settleFromProvider(found).catch((error: unknown) => {
    log.warn('A looked-up booking could not be settled from the provider', {
      bookingId: found.id,
      error,
    });
    return found;
  });
  return { kind: 'found', booking, view: toBookingView(booking) };
}

/**
 * Records that the customer asked to cancel (cancellation itself is by phone). The
 * booking is found exactly as a lookup finds it, under the same limits.
 */
export async function requestCancellation(command: LookupCommand): Promise<LookupOutcome> {
  const found = await lookupBooking(command);
  if (found.kind !== 'found') return found;
  const at = new Date(command.now ?? Date.now()).toISOString();
  const updated = await getBookingStore().updateBooking(found.booking.id, (current) => {
    if (current.cancellationRequests.length >= MAX_CANCELLATION_REQUESTS) return null;
    return touched(
      {
        ...current,
        cancellationRequests: [
          ...current.cancellationRequests,
          { requestedAt: at, channel: 'website' },
        ],
      },
      at,
    );
  });
  // A new request (not one past the limit) is news for the operations inbox and the run sheet.
  if (updated) await noteStaffNews(updated, 'cancellation-request', at, { now: new Date(at) });
  const booking = updated ?? found.booking;
  return { kind: 'found', booking, view: toBookingView(booking) };
}
