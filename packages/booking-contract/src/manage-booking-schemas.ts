// POST /api/bookings/lookup: a booking as its owner sees it on Manage booking.
import { z } from './zod';
import { messages } from './messages';
import { fareLineSchema } from './fare-lines';
import { bookingStatusSchema } from './booking-schemas';
import { tripSchema } from './quote-schemas';
import { CURRENCY } from './rules';

export const lookupRequestSchema = z.object({
  email: z.string({ error: messages.lookup.emailInvalid }).max(1000).default(''),
  bookingNumber: z.string({ error: messages.lookup.bookingNumberInvalid }).max(1000).default(''),
});
export type LookupRequest = z.input<typeof lookupRequestSchema>;
export type LookupInput = z.output<typeof lookupRequestSchema>;

/** A booking as its owner sees it after a lookup: nothing the server keeps for itself. */
export const bookingViewSchema = z.object({
  bookingReferenceId: z.string(),
  status: bookingStatusSchema,
  trip: tripSchema,
  distanceMeters: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative(),
  vehicle: z.object({ id: z.string(), title: z.string() }),
  passenger: z.object({ firstName: z.string(), lastName: z.string() }),
  /** What was charged, in cents: the sum of `lines`, never rewritten by a later change. */
  totalCents: z.int().nonnegative(),
  currency: z.literal(CURRENCY),
  /** The fare line by line, as charged, and the GST the total includes. */
  lines: z.array(fareLineSchema),
  gstCents: z.int().nonnegative(),
  /**
   * Once staff changed the trip at another price (and while the booking stands): the fare as it
   * is now, line by line, with its total and GST, and what is left to settle in cents (above 0
   * owed by the customer, below 0 due back to them, 0 settled). Null while the fare is as charged.
   */
  fareNow: z
    .object({
      lines: z.array(fareLineSchema),
      totalCents: z.int().nonnegative(),
      gstCents: z.int().nonnegative(),
      balanceCents: z.int(),
    })
    .nullable(),
  /** What was refunded, in cents; null when nothing was. */
  refundedCents: z.int().positive().nullable(),
  /** Set once the customer pressed "Request for cancellation" (cancelling itself is by phone). */
  cancellationRequestedAt: z.string().nullable(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

export const lookupResponseSchema = z.object({ booking: bookingViewSchema });
export type LookupResponse = z.infer<typeof lookupResponseSchema>;
