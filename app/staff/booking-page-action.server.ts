// The actions of a booking's staff page: refund, cancel, mark completed or no-show, resend the
// confirmation, assign (or change, or take off) the chauffeur and car. Staff only (404 for anyone else, before anything is read), this site's origin
// only, the form checked (Conform, the same schemas the page uses), then the action. Every answer
// is Conform's, so the page shows it with or without JavaScript. A refund or a cancellation
// without staff's yes to its amount (`confirm`) does nothing and answers with the question.
import type { SubmissionResult } from '@conform-to/react';
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

/** Conform's result for the form that answered: its fields' and its own messages, what was typed. */
interface Shown {
  result: SubmissionResult<string[]>;
}

/** A form that acts: its message once it has (the form then starts again). */
interface Finishes extends Shown {
  done?: string;
}

/** A form that sends money back: the amount it asks staff about first, before anything is done. */
interface AsksFirst extends Finishes {
  ask?: { amountCents: number };
}

/**
 * What the page's action answers, one member per form (`form`, useSiteForm's id), so each form
 * reads only what its own answer carries: a post refused before it was read (another site's, not a
 * form) names no form; every form finishes with `done`; a refund or a cancellation may ask first
 * (`ask`); a change shows its new price to confirm (`preview`).
 */
export type StaffBookingAnswer =
  | (Shown & { form?: undefined })
  | (Finishes & { form: 'alert' })
  | (AsksFirst & { form: 'refund' })
  | (AsksFirst & { form: 'cancel' })
  | (Finishes & { form: 'change'; preview?: ShownPreview })
  | (Finishes & { form: 'payment-link' })
  | (Finishes & { form: 'dispatch' })
  | (Finishes & { form: 'unassign' })
  | (Finishes & { form: 'actions' });

/** The page's forms, by the id each answers with. */
export type StaffBookingForm = NonNullable<StaffBookingAnswer['form']>;

type Answer = ReturnType<typeof data<StaffBookingAnswer>>;

/** Each member of StaffBookingAnswer without Conform's result: the form and what it carries. */
type WithoutResult<Member> = Member extends Shown ? Omit<Member, 'result'> : never;
type Labelled = WithoutResult<StaffBookingAnswer>;

/** A new form's key: sending the same form twice acts once. */
export const newFormKey = () => randomUUID();

const done = (form: StaffBookingForm, message: string): Answer =>
  data<StaffBookingAnswer>({ result: START_AGAIN, done: message, form });

/**
 * The form pipeline's answer (Conform's result, with its status and headers) as this page's:
 * the member of the form it answers, with what that form's answer carries.
 */
function answer(fromPipeline: ReturnType<typeof data<FormAnswer>>, labelled: Labelled): Answer {
  return data<StaffBookingAnswer>(
    { ...labelled, result: fromPipeline.data.result },
    fromPipeline.init ?? undefined,
  );
}

export async function staffBookingAction(
  args: FormActionArgs & { reference: string },
): Promise<Answer> {
  const staff = await requireStaff(args.request);
  const received = await receiveForm(args);
  if (!received.ok) return answer(received.answer, {});
  const found = await staffBooking(args.reference);
  if (!found) notFound();
  const bookingId = found.booking.id;
  const intent = received.formData.get('intent');

  if (intent === 'alert-handled') {
    const form = parseForm(received.formData, alertFormSchema);
    if (!form.ok) return answer(form.answer, { form: 'alert' });
    const outcome = await handleAlert({
      bookingId,
      alertId: form.value.alertId,
      note: form.value.note,
      by: staff.email,
    });
    return outcome.ok
      ? done('alert', outcome.message)
      : answer(form.reply({ formErrors: [outcome.message], status: 409 }), { form: 'alert' });
  }

  if (intent === 'refund') {
    const form = parseForm(received.formData, refundFormSchema);
    if (!form.ok) return answer(form.answer, { form: 'refund' });
    // Money leaves only once staff said yes to this amount.
    if (form.value.confirm !== form.value.amount) {
      return answer(form.reply({ status: 200 }), {
        form: 'refund',
        ask: { amountCents: form.value.amount },
      });
    }
    const outcome = await refundBooking({
      bookingId,
      amountCents: form.value.amount,
      reason: form.value.reason,
      key: form.value.key,
      by: staff.email,
    });
    if (!outcome.ok) {
      const status = outcome.reason === 'unavailable' ? 503 : 409;
      return answer(form.reply({ formErrors: [outcome.message], status }), { form: 'refund' });
    }
    return done('refund', staffMessages.refunded(formatMoneyWithCode(outcome.refund.amountCents)));
  }

  if (intent === 'cancel') {
    const form = parseForm(received.formData, cancelFormSchema);
    if (!form.ok) return answer(form.answer, { form: 'cancel' });
    if (form.value.confirm !== form.value.amount) {
      return answer(form.reply({ status: 200 }), {
        form: 'cancel',
        ask: { amountCents: form.value.amount },
      });
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
      : answer(form.reply({ formErrors: [outcome.message], status: 409 }), { form: 'cancel' });
  }

  if (intent === 'change-preview' || intent === 'change') {
    const form = parseForm(received.formData, changeFormSchema);
    if (!form.ok) return answer(form.answer, { form: 'change' });
    const { confirm, intent: step, ...change } = form.value;
    const shown = (preview: ChangePreview | undefined): { preview?: ShownPreview } =>
      preview?.ok ? { preview } : {};
    if (step === 'change-preview' || confirm === undefined) {
      const preview = await previewChange(found.booking, change);
      return preview.ok
        ? answer(form.reply({ status: 200 }), { form: 'change', ...shown(preview) })
        : answer(form.reply({ formErrors: [preview.message], status: 409 }), { form: 'change' });
    }
    const outcome = await applyChange(bookingId, change, confirm, staff.email);
    if (outcome.ok) return done('change', outcome.message);
    return answer(form.reply({ formErrors: [outcome.message], status: 409 }), {
      form: 'change',
      ...shown(outcome.preview),
    });
  }

  if (intent === 'payment-link') {
    const form = parseForm(received.formData, paymentLinkFormSchema);
    if (!form.ok) return answer(form.answer, { form: 'payment-link' });
    const outcome = await sendLinkFromStaff(bookingId, staff.email);
    return outcome.ok
      ? done('payment-link', outcome.message)
      : answer(form.reply({ formErrors: [outcome.message], status: 409 }), {
          form: 'payment-link',
        });
  }

  if (intent === 'assign') {
    const form = parseForm(received.formData, assignFormSchema);
    if (!form.ok) return answer(form.answer, { form: 'dispatch' });
    const outcome = await assignJob({
      bookingId,
      chauffeurId: form.value.chauffeurId,
      carId: form.value.carId,
      by: staff.email,
    });
    return outcome.ok
      ? done('dispatch', outcome.message)
      : answer(form.reply({ formErrors: outcome.messages, status: 409 }), { form: 'dispatch' });
  }

  if (intent === 'unassign') {
    const form = parseForm(received.formData, unassignFormSchema);
    if (!form.ok) return answer(form.answer, { form: 'unassign' });
    const outcome = await unassignJob({ bookingId, by: staff.email });
    return outcome.ok
      ? done('unassign', outcome.message)
      : answer(form.reply({ formErrors: outcome.messages, status: 409 }), { form: 'unassign' });
  }

  const form = parseForm(received.formData, simpleActionSchema);
  if (!form.ok) return answer(form.answer, { form: 'actions' });
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
    : answer(form.reply({ formErrors: [outcome.message], status: 409 }), { form: 'actions' });
}
