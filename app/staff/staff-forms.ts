// The operations pages' forms, checked the same in the browser (Conform) and by the actions.
import {
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
} as const;

/** "50", "50.5", "$1,050.00" → cents; null for anything else. */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const dollars = Number(match[1]!.replace(/,/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

export const refundFormSchema = z.object({
  intent: z.literal('refund'),
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

/** Cancelling: what to refund (the policy's suggestion is filled in; 0 for none) and why. */
export const cancelFormSchema = z.object({
  intent: z.literal('cancel'),
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

/**
 * Changing a booking for the customer: date, time, passengers and notes, with the booking
 * wizard's own rules and messages. `confirm` is the total staff saw in the preview: the change is
 * applied only at that price (a price that moved since is shown again).
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
    confirm: z.coerce.number().int().nonnegative().optional(),
  })
  .superRefine((value, context) => {
    if (!isAtLeastOneHourAhead(value.date, value.time)) {
      context.addIssue({ code: 'custom', path: ['time'], message: booking.timeTooSoon });
    }
  });
