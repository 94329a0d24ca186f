// The operations pages' forms, checked the same in the browser (Conform) and by the actions.
import {
  brisbaneInstant,
  isAtLeastOneHourAhead,
  MAX_PASSENGERS,
  messages,
  NOTES_MAX_LENGTH,
  NOTES_PATTERN,
  parseIsoDate,
  parseTimeOfDay,
} from '@business-chauffeur/booking-contract';
import { z } from 'zod';

const booking = messages.booking;

export const staffMessages = {
  amountRequired: 'Enter the refund amount.',
  amountInvalid: 'Enter the refund amount in dollars and cents, for example 50 or 50.00.',
  amountTooSmall: 'The refund amount must be more than $0.00.',
  reasonRequired: 'Enter the reason for the refund.',
  reasonTooLong: 'Keep the reason under 500 characters.',
  refunded: (amount: string) => `Refunded ${amount}. The customer has been emailed.`,
  cancelAmountRequired: 'Enter the amount to refund, 0 for none.',
  alertNoteRequired: 'Say what was done about it.',
  changeReasonRequired:
    'Enter why the booking is changing, for example "Customer\'s flight moved to 11:30 PM".',
  pickupPassed: 'This pickup time has passed. Choose a time ahead.',
  pickupTooSoon:
    'The pickup is less than an hour away, inside the online booking notice. Choose a later time, or tick "Arranged by phone" once the customer and a driver have agreed to it.',
  beyondHorizon: (months: number) =>
    `Bookings can be made up to ${months} ${months === 1 ? 'month' : 'months'} ahead (Booking horizon in Site settings). Choose an earlier date.`,
  childSeatsOverPassengers: (seats: number) =>
    `This booking has ${seats} child ${seats === 1 ? 'seat' : 'seats'}: the passengers cannot be fewer than the child seats. Keep at least ${seats} passengers, or ask the customer to rebook without the seats.`,
} as const;

/** What the audit log and the staff page call the one override staff may make to a change. */
export const NOTICE_OVERRIDE = 'Pickup less than an hour ahead, arranged by phone';

/** "50", "50.5", "$1,050.00" → cents; null for anything else. */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const dollars = Number(match[1]!.replace(/,/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

/**
 * The amount in cents staff agreed to when asked "Refund $50.00 AUD?" (the dialog, or the step
 * the page shows without JavaScript). A refund or a cancellation acts only when it matches the
 * amount sent with it; otherwise the action asks first.
 */
const confirmedCents = z.coerce.number().int().nonnegative().optional();

export const refundFormSchema = z.object({
  intent: z.literal('refund'),
  confirm: confirmedCents,
  key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  amount: z
    .string({ error: staffMessages.amountRequired })
    .trim()
    .min(1, staffMessages.amountRequired)
    .refine((value) => dollarsToCents(value) !== null, staffMessages.amountInvalid)
    .transform((value) => dollarsToCents(value)!)
    .refine((cents) => cents > 0, staffMessages.amountTooSmall),
  reason: z
    .string({ error: staffMessages.reasonRequired })
    .trim()
    .min(1, staffMessages.reasonRequired)
    .max(500, staffMessages.reasonTooLong),
});

/** Sending a payment link (a new one replaces the one sent before). */
export const paymentLinkFormSchema = z.object({ intent: z.literal('payment-link') });

/** Cancelling: what to refund (the policy's suggestion is filled in; 0 for none) and why. */
export const cancelFormSchema = z.object({
  intent: z.literal('cancel'),
  confirm: confirmedCents,
  key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  amount: z
    .string({ error: staffMessages.cancelAmountRequired })
    .trim()
    .min(1, staffMessages.cancelAmountRequired)
    .refine((value) => dollarsToCents(value) !== null, staffMessages.amountInvalid)
    .transform((value) => dollarsToCents(value)!),
  reason: z
    .string()
    .trim()
    .max(500, staffMessages.reasonTooLong)
    .optional()
    .transform((value) => value ?? ''),
});

/** Marking a booking alert handled: which alert, and what was done about it. */
export const alertFormSchema = z.object({
  intent: z.literal('alert-handled'),
  alertId: z.string().min(1).max(200),
  note: z
    .string({ error: staffMessages.alertNoteRequired })
    .trim()
    .min(1, staffMessages.alertNoteRequired)
    .max(500, staffMessages.reasonTooLong),
});

/** The actions with nothing to fill in: their button is the form. */
export const simpleActionSchema = z.object({
  intent: z.enum(['completed', 'no-show', 'resend']),
});

const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * Changing a booking for the customer: the places, the vehicle type, date, time, passengers and notes, with the booking
 * wizard's own rules and messages, and why (kept in the audit log, and on the adjustment note
 * when the price changes). `confirm` is the total staff saw in the preview: the change is applied
 * only at that price (a price that moved since is shown again). A pickup inside the online notice
 * (less than an hour ahead) needs `arrangedByPhone`; one that has passed is never taken. The
 * server checks the rest of the booking rules against the whole booking
 * (docs/decisions/042-staff-changes-follow-the-booking-rules.md).
 */
export const changeFormSchema = z
  .object({
    intent: z.enum(['change-preview', 'change']),
    date: z
      .string({ error: booking.dateRequired })
      .trim()
      .refine((value) => parseIsoDate(value) !== undefined, booking.dateRequired),
    time: z
      .string({ error: booking.timeRequired })
      .trim()
      .refine((value) => parseTimeOfDay(value) !== undefined, booking.timeRequired),
    passengers: z.coerce
      .number({ error: booking.passengersRequired })
      .int(booking.passengersRequired)
      .min(1, booking.passengersRequired)
      .max(MAX_PASSENGERS, booking.passengersTooMany(MAX_PASSENGERS)),
    notes: z
      .string()
      .trim()
      .max(NOTES_MAX_LENGTH, booking.notesTooLong(NOTES_MAX_LENGTH))
      .regex(NOTES_PATTERN, booking.notesCharacters)
      .optional()
      .transform((value) => value ?? ''),
    reason: z
      .string({ error: staffMessages.changeReasonRequired })
      .trim()
      .min(1, staffMessages.changeReasonRequired)
      .max(500, staffMessages.reasonTooLong),
    arrangedByPhone: z
      .string()
      .optional()
      .transform((value) => value === 'on'),
    confirm: z.coerce.number().int().nonnegative().optional(),
    // The places and the vehicle type: left as booked when not sent (the server prices the trip
    // with them and checks the booking rules, app/staff/booking-change.server.ts).
    pickup: optionalText(300),
    pickupDetails: optionalText(300),
    drop: optionalText(300),
    dropDetails: optionalText(300),
    vehicleId: optionalText(200),
  })
  .superRefine((value, context) => {
    const pickup = brisbaneInstant(value.date, value.time);
    if (!pickup) return;
    if (pickup.getTime() <= Date.now()) {
      context.addIssue({ code: 'custom', path: ['time'], message: staffMessages.pickupPassed });
    } else if (!value.arrangedByPhone && !isAtLeastOneHourAhead(value.date, value.time)) {
      context.addIssue({ code: 'custom', path: ['time'], message: staffMessages.pickupTooSoon });
    }
  });
