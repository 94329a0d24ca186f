// The actions of a booking's staff page: refund, cancel, mark completed or no-show, resend the
// confirmation, assign (or change, or take off) the chauffeur and car. Staff only (404 for anyone else, before anything is read), this site's origin
// only, the form checked (Conform, the same schemas the page uses), then the action. Every answer
// is Conform's, so the page shows it with or without JavaScript. A refund or a cancellation
// without staff's yes to its amount (`confirm`) does nothing and answers with the question.
import { data } from '@remix-run/node';
import { randomUUID } from 'node:crypto';
import {
  parseForm,
  receiveForm,
  START_AGAIN,
  type FormActionArgs,
  type FormAnswer,
} from '~/forms/form-action.server';
import { handleAlert } from '~/booking/booking-alerts.server';
import { sendLinkFromStaff } from './payment-link-actions.server';
import { assignJob, unassignJob } from '~/dispatch/assignment.server';
import { assignFormSchema, unassignFormSchema } from '~/dispatch/dispatch-forms';
import { cancelBooking, markOutcome, resendConfirmation } from './booking-actions.server';
import { applyChange, previewChange, type ChangePreview } from './booking-change.server';
import { refundBooking } from './refunds.server';
import { requireStaff } from './staff-access.server';
import { staffBooking } from './staff-bookings.server';
import {
  alertFormSchema,
  cancelFormSchema,
  changeFormSchema,
  paymentLinkFormSchema,
  refundFormSchema,
  simpleActionSchema,
  staffMessages,
} from './staff-forms';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
import { notFound } from '~/utils/not-found.server';

/** A change's new price, shown to staff before they confirm it. */
export type ShownPreview = Extract<ChangePreview, { ok: true }>;

/**
 * What the page's action answers, typed for its forms: which form answered (`form`), its message
 * when it finished (`done`), a change's new price to confirm (`preview`), or the amount a refund
 * or cancellation asks about first (`ask`).
 */
export interface StaffBookingAnswer extends FormAnswer<string> {
  preview?: ShownPreview;
  ask?: { amountCents: number };
}

/** A new form's key: sending the same form twice acts once. */
export const newFormKey = () => randomUUID();

const done = (form: string, message: string) =>
  data<FormAnswer<string>>({ result: START_AGAIN, done: message, form });

export async function staffBookingAction(
  args: FormActionArgs & { reference: string },
): Promise<ReturnType<typeof data<StaffBookingAnswer>>> {
  const staff = await requireStaff(args.request);
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  const found = await staffBooking(args.reference);
  if (!found) notFound();
  const bookingId = found.booking.id;
  const intent = received.formData.get('intent');

  if (intent === 'alert-handled') {
    const form = parseForm(received.formData, alertFormSchema, { form: 'alert' });
    if (!form.ok) return form.answer;
    const outcome = await handleAlert({
      bookingId,
      alertId: form.value.alertId,
      note: form.value.note,
      by: staff.email,
    });
    return outcome.ok
      ? done('alert', outcome.message)
      : form.reply({ formErrors: [outcome.message], status: 409 });
  }

  if (intent === 'refund') {
    const form = parseForm(received.formData, refundFormSchema, { form: 'refund' });
    if (!form.ok) return form.answer;
    // Money leaves only once staff said yes to this amount.
    if (form.value.confirm !== form.value.amount) {
      return form.reply({ status: 200, extra: { ask: { amountCents: form.value.amount } } });
    }
    const outcome = await refundBooking({
      bookingId,
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
    return done('refund', staffMessages.refunded(formatMoneyWithCode(outcome.refund.amountCents)));
  }

  if (intent === 'cancel') {
    const form = parseForm(received.formData, cancelFormSchema, { form: 'cancel' });
    if (!form.ok) return form.answer;
    if (form.value.confirm !== form.value.amount) {
      return form.reply({ status: 200, extra: { ask: { amountCents: form.value.amount } } });
    }
    const outcome = await cancelBooking({
      bookingId,
      refundCents: form.value.amount,
      reason: form.value.reason,
      key: form.value.key,
      by: staff.email,
    });
    return outcome.ok
      ? done('cancel', outcome.message)
      : form.reply({ formErrors: [outcome.message], status: 409 });
  }

  if (intent === 'change-preview' || intent === 'change') {
    const form = parseForm(received.formData, changeFormSchema, { form: 'change' });
    if (!form.ok) return form.answer;
    const { confirm, intent: step, ...change } = form.value;
    const shown = (preview: ChangePreview): { preview?: ShownPreview } =>
      preview.ok ? { preview } : {};
    if (step === 'change-preview' || confirm === undefined) {
      const preview = await previewChange(found.booking, change);
      return preview.ok
        ? form.reply({ status: 200, extra: shown(preview) })
        : form.reply({ formErrors: [preview.message], status: 409 });
    }
    const outcome = await applyChange(bookingId, change, confirm, staff.email);
    if (outcome.ok) return done('change', outcome.message);
    return form.reply({
      formErrors: [outcome.message],
      status: 409,
      extra: outcome.preview ? shown(outcome.preview) : {},
    });
  }

  if (intent === 'payment-link') {
    const form = parseForm(received.formData, paymentLinkFormSchema, { form: 'payment-link' });
    if (!form.ok) return form.answer;
    const outcome = await sendLinkFromStaff(bookingId, staff.email);
    return outcome.ok
      ? done('payment-link', outcome.message)
      : form.reply({ formErrors: [outcome.message], status: 409 });
  }

  if (intent === 'assign') {
    const form = parseForm(received.formData, assignFormSchema, { form: 'dispatch' });
    if (!form.ok) return form.answer;
    const outcome = await assignJob({
      bookingId,
      chauffeurId: form.value.chauffeurId,
      carId: form.value.carId,
      by: staff.email,
    });
    return outcome.ok
      ? done('dispatch', outcome.message)
      : form.reply({ formErrors: outcome.messages, status: 409 });
  }

  if (intent === 'unassign') {
    const form = parseForm(received.formData, unassignFormSchema, { form: 'unassign' });
    if (!form.ok) return form.answer;
    const outcome = await unassignJob({ bookingId, by: staff.email });
    return outcome.ok
      ? done('unassign', outcome.message)
      : form.reply({ formErrors: outcome.messages, status: 409 });
  }

  const form = parseForm(received.formData, simpleActionSchema, { form: 'actions' });
  if (!form.ok) return form.answer;
  const outcome =
    form.value.intent === 'resend'
      ? await resendConfirmation(bookingId, staff.email)
      : await markOutcome(
          bookingId,
          form.value.intent === 'completed' ? 'COMPLETED' : 'NO_SHOW',
          staff.email,
        );
  return outcome.ok
    ? done('actions', outcome.message)
    : form.reply({ formErrors: [outcome.message], status: 409 });
}
