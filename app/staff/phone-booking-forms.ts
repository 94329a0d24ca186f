// The phone booking form (/staff/bookings/new), checked the same in the browser (Conform) and by
// the action. The schema only reads the fields: the booking rules and their messages are the
// wizard's, applied by the server (app/staff/phone-booking.server.ts).
// The contract's zod, configured (jitless) before the schema is built: this module reaches the
// browser in a chunk of its own, and a zod that probes for eval is a CSP violation.
import { z } from '@business-chauffeur/booking-contract/zod';

const text = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((value) => value ?? '');

export const phoneBookingFormSchema = z.object({
  intent: z.enum(['price', 'book']),
  /** One booking per form: sending it twice books once. */
  key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  pickup: text(300),
  pickupDetails: text(300),
  flightNumber: text(40),
  drop: text(300),
  dropDetails: text(300),
  date: text(10),
  time: text(5),
  passengers: text(3),
  notes: text(2000),
  firstName: text(200),
  lastName: text(200),
  email: text(320),
  countryCode: text(8),
  mobileNumber: text(40),
  vehicleId: text(200),
  quoteToken: text(16_384),
});

export type PhoneBookingForm = z.output<typeof phoneBookingFormSchema>;
