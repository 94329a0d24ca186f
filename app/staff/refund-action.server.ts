// The refund form's action on a booking's staff page: staff only (404 for anyone else, before
// anything is read), this site's origin only, the form checked, then the refund
// (refunds.server.ts). Every answer is Conform's, so the page shows it with or without JavaScript.
import { formatAud } from '@business-chauffeur/booking-contract';
import { data } from '@remix-run/node';
import { randomUUID } from 'node:crypto';
import {
  parseForm,
  receiveForm,
  START_AGAIN,
  type FormActionArgs,
  type FormAnswer,
} from '~/forms/form-action.server';
import { requireStaff } from './staff-access.server';
import { staffBooking } from './staff-bookings.server';
import { refundFormSchema, staffMessages } from './staff-forms';
import { refundBooking } from './refunds.server';

/** A new refund form's key: sending the same form twice refunds once. */
export const newRefundKey = () => randomUUID();

export async function refundAction(args: FormActionArgs & { reference: string }) {
  const staff = await requireStaff(args.request);
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  const form = parseForm(received.formData, refundFormSchema);
  if (!form.ok) return form.answer;
  const found = await staffBooking(args.reference);
  if (!found) throw new Response('Not Found', { status: 404 });
  const outcome = await refundBooking({
    bookingId: found.booking.id,
    amountCents: form.value.amount,
    reason: form.value.reason,
    key: form.value.key,
    by: staff.email,
  });
  if (!outcome.ok) {
    return form.reply({
      formErrors: [outcome.message],
      status: outcome.reason === 'unavailable' ? 503 : 409,
    });
  }
  const amount = `${formatAud(outcome.refund.amountCents / 100)} AUD`;
  return data<FormAnswer<string>>({ result: START_AGAIN, done: staffMessages.refunded(amount) });
}
