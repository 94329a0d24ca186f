// /staff/bookings/:reference: one booking as staff need it: the trip and fare lines as the
// customer sees them (the fare paid, and after changes the fare now and what is owed or due
// back), the contacts, notes, payments, refunds, the changes of fare and a timeline, what staff
// did (the audit log, never editable), the chauffeur and car on the job, and the refund, cancel
// and change forms. Another visitor gets the plain 404.
import {
  adjustmentGstCents,
  adjustmentNoteNumber,
  brisbaneInstant,
  formatPhone,
  type Booking,
  type ContactDetails,
} from '@business-chauffeur/booking-contract';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { BookingDetails } from '~/components/booking-details';
import { getInputProps } from '@conform-to/react';
import {
  FieldError,
  FormAlert,
  SubmitButton,
  TextAreaField,
  TextField,
} from '~/components/form-field';
import { toBookingView } from '~/booking/booking-record.server';
import { paymentLinkView } from '~/booking/payment-links.server';
import { StaffAlerts } from '~/components/staff-alerts';
import { useAskFirst } from '~/components/staff-ask-first';
import { ChoiceField } from '~/components/staff-dispatch';
import { bookingDispatchView } from '~/dispatch/booking-dispatch.server';
import { getDispatchSettings } from '~/dispatch/dispatch-settings.server';
import { markBookingSeen } from '~/notify/staff-notices.server';
import { assignFormSchema, unassignFormSchema } from '~/dispatch/dispatch-forms';
import { StaffTable } from '~/components/staff-table';
import { useSiteForm } from '~/forms/use-site-form';
import { cancellationNoticeHours, suggestCancellation } from '~/staff/booking-actions.server';
import { newFormKey, staffBookingAction } from '~/staff/booking-page-action.server';
import { requireStaff } from '~/staff/staff-access.server';
import { staffBooking } from '~/staff/staff-bookings.server';
import {
  cancelFormSchema,
  changeFormSchema,
  paymentLinkFormSchema,
  refundFormSchema,
  simpleActionSchema,
} from '~/staff/staff-forms';
import { paidCents, refundableCents } from '~/staff/refunds.server';
import { auditSentence } from '~/staff/audit-sentence.server';
import type { AuditEntry } from '~/store/audit-log-store.server';
import { queenslandTimestamp } from '~/utils/booking-format';
import type { StylesHandle } from '~/utils/route-styles';
import bookingStyles from '~/styles/booking-pages.css?inline';
import formsStyles from '~/styles/forms.css?inline';
import { formatMoney, formatMoneyWithCode } from '@business-chauffeur/booking-contract';
import type { ChangePreview } from '~/staff/booking-change.server';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [bookingStyles, formsStyles] };

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Booking ${loaded.reference} | Operations` : 'Operations' },
  { name: 'robots', content: 'noindex' },
];

function person(contact: ContactDetails) {
  return {
    name: `${contact.firstName} ${contact.lastName}`,
    email: contact.email,
    phone: formatPhone(contact.countryCode, contact.mobileNumber),
  };
}

/** What happened to the booking, oldest first. */
function timeline(booking: Booking, audit: AuditEntry[]) {
  const events: { at: string; text: string }[] = [
    { at: booking.createdAt, text: 'Booked' },
    ...booking.statusHistory.map((change) => ({ at: change.at, text: `Status ${change.status}` })),
    ...booking.paymentAttempts.map((attempt) => ({
      at: attempt.occurredAt,
      text:
        attempt.outcome === 'succeeded'
          ? `Paid ${formatMoneyWithCode(attempt.amountCents)}${attempt.cardLast4 ? ` (card ending ${attempt.cardLast4})` : ''}`
          : `Payment failed: ${attempt.errorMessage ?? attempt.errorCode ?? 'declined'}`,
    })),
    ...(booking.adjustments ?? []).map((adjustment) => ({
      at: adjustment.at,
      text: `Fare changed to ${formatMoneyWithCode(adjustment.totalCents)} by ${adjustment.by}`,
    })),
    ...(booking.confirmationEmail.sentAt
      ? [{ at: booking.confirmationEmail.sentAt, text: 'Confirmation email sent' }]
      : []),
    ...booking.cancellationRequests.map((request) => ({
      at: request.requestedAt,
      text: 'Cancellation requested on the website',
    })),
    ...audit.map((entry) => ({ at: entry.at, text: auditSentence(entry).sentence })),
  ];
  return events
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((event) => ({ ...event, when: queenslandTimestamp(event.at) }));
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const found = await staffBooking(params.reference ?? '');
  if (!found) throw new Response('Not Found', { status: 404 });
  const { booking, audit } = found;
  // Opened: its news is no longer "new" on the run sheet.
  await markBookingSeen(booking.id, staff.email);
  const view = toBookingView(booking);
  // What changes of fare leave to settle, while the booking stands (as the customer sees it).
  const balance = view.fareNow?.balanceCents ?? 0;
  return {
    reference: booking.reference,
    view,
    status: booking.status,
    partner: booking.partner,
    notes: booking.trip.notes,
    passenger: person(booking.contacts.passenger),
    booker: booking.contacts.booker ? person(booking.contacts.booker) : null,
    paid: formatMoneyWithCode(paidCents(booking)),
    // The customer's agreement to the policies before paying (none on bookings made before it).
    terms: booking.termsAcceptance
      ? {
          when: queenslandTimestamp(booking.termsAcceptance.at),
          revision: booking.termsAcceptance.revision,
        }
      : null,
    alerts: (booking.alerts ?? []).map((alert) => ({
      id: alert.id,
      detail: alert.detail,
      when: queenslandTimestamp(alert.at),
      handled:
        alert.handledAt === null
          ? null
          : {
              when: queenslandTimestamp(alert.handledAt),
              by: alert.handledBy ?? '',
              note: alert.handledNote ?? '',
            },
    })),
    refundable: refundableCents(booking),
    refundableText: formatMoneyWithCode(refundableCents(booking)),
    /** Above 0 the customer owes it; below 0 it is due back (a refund pays it back first). */
    balance,
    adjustments: (booking.adjustments ?? []).map((adjustment) => ({
      number: adjustmentNoteNumber(booking.reference, adjustment.sequence),
      when: queenslandTimestamp(adjustment.at),
      by: adjustment.by,
      reason: adjustment.reason,
      total: formatMoneyWithCode(adjustment.totalCents),
      difference: `${adjustment.differenceCents > 0 ? '+' : ''}${formatMoney(adjustment.differenceCents)}`,
      gst: formatMoney(adjustmentGstCents(adjustment)),
    })),
    refunds: (booking.refunds ?? []).map((refund) => ({
      key: refund.key,
      amount: formatMoneyWithCode(refund.amountCents),
      when: queenslandTimestamp(refund.requestedAt),
      by: refund.by,
      reason: refund.reason,
      status: refund.status,
    })),
    audit: audit.map((entry) => ({
      id: entry.id,
      at: entry.at,
      when: queenslandTimestamp(entry.at),
      ...auditSentence(entry),
    })),
    timeline: timeline(booking, audit),
    // One refund (or cancellation) per form: sending a form twice acts once.
    refundKey: newFormKey(),
    cancel:
      booking.status === 'CONFIRMED'
        ? {
            key: newFormKey(),
            ...suggestCancellation(booking, await cancellationNoticeHours(booking), new Date()),
          }
        : null,
    trip: {
      pickup: booking.trip.pickup.description,
      pickupDetails: booking.trip.pickup.details ?? '',
      drop: booking.trip.drop.description,
      dropDetails: booking.trip.drop.details ?? '',
      vehicleId: booking.vehicle.id,
      date: booking.trip.date,
      time: booking.trip.time,
      passengers: String(booking.trip.passengers),
      notes: booking.trip.notes,
    },
    vehicleTypes: (await getDispatchSettings()).vehicleTypes
      .filter((type) => !type.archived || type.id === booking.vehicle.id)
      .map((type) => ({ value: type.id, label: type.title })),
    pickupPassed:
      (brisbaneInstant(booking.trip.date, booking.trip.time)?.getTime() ?? Infinity) <= Date.now(),
    dispatch: await bookingDispatchView(booking),
    paymentLink: paymentLinkView(booking),
  };
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return staffBookingAction({ request, context, reference: params.reference ?? '' });
}

/** The answer of the form `id` that finished, if that form answered last. */
function useDone(id: string): string | null {
  const answer = useActionData<typeof action>();
  return answer && 'done' in answer && answer.done && answer.form === id ? answer.done : null;
}

function RefundForm({
  refundKey,
  refundable,
  dueBackCents,
  reference,
}: {
  refundKey: string;
  refundable: string;
  /** What a change of fare left due back to the customer: the form starts with it. */
  dueBackCents: number;
  reference: string;
}) {
  const finished = useDone('refund');
  const {
    form,
    fields,
    formProps: siteFormProps,
    submitting,
  } = useSiteForm({
    id: 'refund',
    schema: refundFormSchema,
    defaultValue:
      dueBackCents > 0
        ? {
            amount: (dueBackCents / 100).toFixed(2),
            reason: `Fare lowered by a change of booking ${reference}`,
          }
        : {},
  });
  const { formProps, confirmation, dialog, asking } = useAskFirst(siteFormProps, {
    title: `Refund booking ${reference}?`,
    question: (cents) =>
      `Refund ${formatMoneyWithCode(cents)} to the card the customer paid with? The customer is emailed, and a refund cannot be taken back.`,
    yes: (cents) => `Yes, refund ${formatMoneyWithCode(cents)}`,
    no: 'Go back',
  });
  return (
    <section className="booking-card" aria-labelledby="refund-title">
      <h2 id="refund-title">Refund</h2>
      {finished ? (
        <p className="staff-notice" role="status">
          {finished}
        </p>
      ) : null}
      <p>Up to {refundable} can be refunded, to the card the customer paid with.</p>
      {dueBackCents > 0 ? (
        <p>
          {formatMoneyWithCode(dueBackCents)} is due back to the customer after a change of fare: a
          refund pays it back first.
        </p>
      ) : null}
      <Form method="post" className="form" aria-labelledby="refund-title" {...formProps}>
        <FormAlert form={form} />
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="key" value={refundKey} />
        <TextField
          field={fields.amount}
          label="Refund amount"
          hint="In dollars, for example 50 or 50.00"
          inputMode="decimal"
          autoComplete="off"
        />
        <TextAreaField field={fields.reason} label="Reason" rows={3} />
        {confirmation}
        {asking ? null : (
          <SubmitButton submitting={submitting} label="Refund" busyLabel="Refunding…" />
        )}
      </Form>
      {dialog}
    </section>
  );
}

function CancelForm({
  cancelKey,
  refundCents,
  rule,
  reference,
}: {
  cancelKey: string;
  refundCents: number;
  rule: string;
  reference: string;
}) {
  const {
    form,
    fields,
    formProps: siteFormProps,
    submitting,
  } = useSiteForm({
    id: 'cancel',
    schema: cancelFormSchema,
    defaultValue: { amount: (refundCents / 100).toFixed(2) },
  });
  const { formProps, confirmation, dialog, asking } = useAskFirst(siteFormProps, {
    title: `Cancel booking ${reference}?`,
    question: (cents) =>
      cents > 0
        ? `Cancel booking ${reference} and refund ${formatMoneyWithCode(cents)} to the card the customer paid with? The customer is emailed, and neither can be taken back.`
        : `Cancel booking ${reference} with no refund? The customer is emailed, and a cancellation cannot be taken back.`,
    yes: (cents) =>
      cents > 0
        ? `Yes, cancel and refund ${formatMoneyWithCode(cents)}`
        : 'Yes, cancel with no refund',
    no: 'Keep the booking',
  });
  return (
    <section className="booking-card" aria-labelledby="cancel-title">
      <h2 id="cancel-title">Cancel booking</h2>
      <p>
        The cancellation policy suggests a refund of {formatMoneyWithCode(refundCents)}: {rule}
      </p>
      <Form method="post" className="form" aria-labelledby="cancel-title" {...formProps}>
        <FormAlert form={form} />
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="key" value={cancelKey} />
        <TextField
          field={fields.amount}
          label="Refund with the cancellation"
          hint="In dollars; 0 for no refund"
          inputMode="decimal"
          autoComplete="off"
        />
        <TextAreaField
          field={fields.reason}
          label="Reason"
          hint="Required when you refund another amount than the policy suggests"
          rows={3}
        />
        {confirmation}
        {asking ? null : (
          <SubmitButton submitting={submitting} label="Cancel booking" busyLabel="Cancelling…" />
        )}
      </Form>
      {dialog}
    </section>
  );
}

type Preview = Extract<ChangePreview, { ok: true }>;

/** What a change leaves to settle, in a sentence for staff. */
function balanceText(balanceCents: number): string {
  if (balanceCents > 0)
    return `After this change the customer owes ${formatMoneyWithCode(balanceCents)}: a payment link for it is emailed with the change.`;
  if (balanceCents < 0)
    return `After this change ${formatMoneyWithCode(-balanceCents)} is due back to the customer: refund it.`;
  return 'After this change nothing is owed either way.';
}

/**
 * Date, time, passengers, notes and why: the new price first, then the change at that price. A
 * pickup inside the online notice needs "Arranged by phone"; the other booking rules never give way.
 */
function ChangeForm({
  trip,
  vehicleTypes,
}: {
  trip: Record<
    | 'pickup'
    | 'pickupDetails'
    | 'drop'
    | 'dropDetails'
    | 'vehicleId'
    | 'date'
    | 'time'
    | 'passengers'
    | 'notes',
    string
  >;
  vehicleTypes: { value: string; label: string }[];
}) {
  const answer = useActionData<typeof action>();
  const preview =
    answer && 'preview' in answer && answer.form === 'change' ? (answer.preview as Preview) : null;
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'change',
    schema: changeFormSchema,
    defaultValue: trip,
  });
  const { key: arrangedKey, ...arranged } = getInputProps(fields.arrangedByPhone, {
    type: 'checkbox',
  });
  return (
    <section className="booking-card" aria-labelledby="change-title">
      <h2 id="change-title">Change booking</h2>
      <Form method="post" className="form" aria-labelledby="change-title" {...formProps}>
        <FormAlert form={form} />
        <TextField field={fields.pickup} label="Pickup" />
        <TextField
          field={fields.pickupDetails}
          label="Pickup address details"
          hint="Unit, number and street, or gate: needed when the pickup is a suburb"
        />
        <TextField field={fields.drop} label="Drop-off" />
        <TextField field={fields.dropDetails} label="Drop-off address details" />
        <ChoiceField
          field={fields.vehicleId}
          label="Vehicle type"
          placeholder="Choose a vehicle type"
          options={vehicleTypes}
        />
        <div className="form__row">
          <TextField field={fields.date} label="Booking date" type="date" />
          <TextField field={fields.time} label="Pickup time" hint="24-hour, for example 14:30" />
        </div>
        <TextField field={fields.passengers} label="Passengers" type="number" min={1} />
        <TextAreaField field={fields.notes} label="Booking notes" rows={2} />
        <TextAreaField field={fields.reason} label="Reason for the change" rows={2} />
        <div>
          <label className="staff-check">
            <input key={arrangedKey} {...arranged} />
            Arranged by phone: the pickup may be less than an hour away
          </label>
          <FieldError field={fields.arrangedByPhone} />
        </div>
        {preview ? (
          <div role="status" aria-label="New price">
            <table className="staff-table fare-lines">
              <caption>New price</caption>
              <tbody>
                {preview.lines.map((line, index) => (
                  <tr key={index}>
                    <th scope="row">
                      {line.label}
                      {line.detail ? ` (${line.detail})` : ''}
                    </th>
                    <td className="staff-amount">{formatMoneyWithCode(line.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">New total</th>
                  <td className="staff-amount">{formatMoneyWithCode(preview.totalCents)}</td>
                </tr>
              </tfoot>
            </table>
            <dl className="booking-details">
              <div className="booking-details__row">
                <dt>Charged (tax invoice)</dt>
                <dd>{formatMoneyWithCode(preview.chargedCents)}</dd>
              </div>
              {preview.currentCents === preview.chargedCents ? null : (
                <div className="booking-details__row">
                  <dt>Fare before this change</dt>
                  <dd>{formatMoneyWithCode(preview.currentCents)}</dd>
                </div>
              )}
              <div className="booking-details__row">
                <dt>This change</dt>
                <dd>
                  {preview.differenceCents > 0 ? '+' : ''}
                  {formatMoneyWithCode(preview.differenceCents)}
                </dd>
              </div>
            </dl>
            <p>{balanceText(preview.balanceCents)}</p>
            {preview.override ? <p>Override: {preview.override}.</p> : null}
            <input type="hidden" name="confirm" value={preview.totalCents} />
          </div>
        ) : null}
        <div className="form__row">
          <button
            type="submit"
            name="intent"
            value="change-preview"
            className="button button--ghost"
            disabled={submitting}
          >
            Show the new price
          </button>
          {preview ? (
            <button
              type="submit"
              name="intent"
              value="change"
              className="button button--accent"
              disabled={submitting}
            >
              Apply change and email the customer
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

const LINK_STATES: Record<string, string> = {
  open: 'Waiting for payment',
  paid: 'Paid',
  replaced: 'Replaced by a newer link',
  expired: 'Expired',
  closed: 'No longer payable',
};

/**
 * The payment link: the newest one's state (what it collects, until when, paid or not) and the
 * button that sends a new one, which stops the one sent before.
 */
function PaymentLinkSection({ link }: { link: ReturnType<typeof paymentLinkView> }) {
  const { form, formProps } = useSiteForm({ id: 'payment-link', schema: paymentLinkFormSchema });
  const { current, canSend } = link;
  if (!current && !canSend) return null;
  return (
    <section className="booking-card" aria-labelledby="payment-link-title">
      <h2 id="payment-link-title">Payment link</h2>
      {current ? (
        <dl className="booking-details">
          <div className="booking-details__row">
            <dt>For</dt>
            <dd>
              {current.purpose === 'booking' ? 'The booking' : 'The balance after a change'}:{' '}
              {formatMoneyWithCode(current.amountCents)}
            </dd>
          </div>
          <div className="booking-details__row">
            <dt>State</dt>
            <dd>{LINK_STATES[current.state]}</dd>
          </div>
          <div className="booking-details__row">
            <dt>Sent</dt>
            <dd>
              {queenslandTimestamp(current.createdAt)} by {current.createdBy}
            </dd>
          </div>
          <div className="booking-details__row">
            <dt>{current.paidAt ? 'Paid' : 'Works until'}</dt>
            <dd>{queenslandTimestamp(current.paidAt ?? current.expiresAt)}</dd>
          </div>
        </dl>
      ) : (
        <p>No payment link has been sent.</p>
      )}
      {canSend ? (
        <Form method="post" className="form" aria-labelledby="payment-link-title" {...formProps}>
          <FormAlert form={form} />
          <input type="hidden" name="intent" value="payment-link" />
          <p>
            A new link collects {formatMoneyWithCode(canSend.amountCents)}
            {current ? '; the link sent before stops working.' : '.'}
          </p>
          <button type="submit" className="button button--ghost">
            {current ? 'Send a new payment link' : 'Send a payment link'}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

type DispatchView = Awaited<ReturnType<typeof bookingDispatchView>>;

/**
 * Who drives and in which car: the choice of an active chauffeur and car (assigning, or changing
 * them), and taking them off. The action gives every reason a choice is refused.
 */
function DispatchSection({ dispatch }: { dispatch: DispatchView }) {
  const { assigned } = dispatch;
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'dispatch',
    schema: assignFormSchema,
    defaultValue: assigned ? { chauffeurId: assigned.chauffeurId, carId: assigned.carId } : {},
  });
  const unassign = useSiteForm({ id: 'unassign', schema: unassignFormSchema });
  return (
    <section className="booking-card" aria-labelledby="dispatch-title">
      <h2 id="dispatch-title">Chauffeur and car</h2>
      {assigned ? (
        <dl>
          <div>
            <dt>Chauffeur</dt>
            <dd>{assigned.chauffeur}</dd>
          </div>
          <div>
            <dt>Car</dt>
            <dd>{assigned.car}</dd>
          </div>
        </dl>
      ) : (
        <p>No chauffeur or car yet.</p>
      )}
      {dispatch.undelivered.map((text) => (
        <p key={text} className="form-alert" role="alert">
          {text}
        </p>
      ))}
      {!dispatch.canAssign ? (
        <p>{dispatch.notAssignable}</p>
      ) : dispatch.chauffeurs.length === 0 || dispatch.cars.length === 0 ? (
        <p>
          Add an active chauffeur and car first, on the{' '}
          <Link to="/staff/chauffeurs">Chauffeurs</Link> and <Link to="/staff/cars">Cars</Link>{' '}
          pages.
        </p>
      ) : (
        <Form method="post" className="form" aria-labelledby="dispatch-title" {...formProps}>
          <FormAlert form={form} />
          <input type="hidden" name="intent" value="assign" />
          <ChoiceField
            field={fields.chauffeurId}
            label="Chauffeur"
            placeholder="Choose a chauffeur"
            options={dispatch.chauffeurs}
          />
          <ChoiceField
            field={fields.carId}
            label="Car"
            placeholder="Choose a car"
            options={dispatch.cars}
          />
          <SubmitButton
            submitting={submitting}
            label={assigned ? 'Change chauffeur and car' : 'Assign chauffeur and car'}
            busyLabel="Assigning…"
          />
        </Form>
      )}
      {assigned ? (
        <Form method="post" className="form" aria-label="Unassign" {...unassign.formProps}>
          <FormAlert form={unassign.form} />
          <input type="hidden" name="intent" value="unassign" />
          <button type="submit" className="button button--ghost">
            Unassign chauffeur and car
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** The buttons that need nothing typed: each is a form of its own, working without JavaScript. */
function ActionButtons({ pickupPassed }: { pickupPassed: boolean }) {
  const { form, formProps } = useSiteForm({ id: 'actions', schema: simpleActionSchema });
  const buttons = [
    { intent: 'resend', label: 'Resend confirmation email' },
    ...(pickupPassed
      ? [
          { intent: 'completed', label: 'Mark completed' },
          { intent: 'no-show', label: 'Mark no-show' },
        ]
      : []),
  ];
  return (
    <section className="booking-card" aria-labelledby="actions-title">
      <h2 id="actions-title">Booking actions</h2>
      <Form method="post" className="form" aria-labelledby="actions-title" {...formProps}>
        <FormAlert form={form} />
        {buttons.map((button) => (
          <button
            key={button.intent}
            type="submit"
            name="intent"
            value={button.intent}
            className="button button--ghost"
          >
            {button.label}
          </button>
        ))}
      </Form>
      {pickupPassed ? null : (
        <p>Completed and no-show can be marked once the pickup time has passed.</p>
      )}
    </section>
  );
}

/** The message of the last action that finished, for the whole page. */
function Finished() {
  const answer = useActionData<typeof action>();
  const message =
    answer && 'done' in answer && answer.form !== 'refund' ? (answer.done as string) : null;
  return message ? (
    <p className="staff-notice" role="status">
      {message}
    </p>
  ) : null;
}

export default function StaffBooking() {
  const loaded = useLoaderData<typeof loader>();
  const people = [
    { title: 'Passenger', contact: loaded.passenger },
    ...(loaded.booker ? [{ title: 'Booked by', contact: loaded.booker }] : []),
  ];
  return (
    <>
      <h1>
        Booking <span className="booking-ref">{loaded.reference}</span>
      </h1>
      <Finished />
      <StaffAlerts alerts={loaded.alerts} />
      <p>
        Status {loaded.status} · paid {loaded.paid}
        {loaded.balance > 0 ? ` · owed ${formatMoneyWithCode(loaded.balance)}` : ''}
        {loaded.balance < 0 ? ` · due back ${formatMoneyWithCode(-loaded.balance)}` : ''}
        {loaded.partner ? ` · from ${loaded.partner}` : ''}
      </p>
      <div className="staff-sections">
        <section className="booking-card booking-result" aria-labelledby="trip-title">
          <h2 id="trip-title">Trip and fare</h2>
          <BookingDetails booking={loaded.view} />
          {loaded.notes ? <p>Notes: {loaded.notes}</p> : null}
        </section>
        <div>
          <section className="booking-card" aria-labelledby="contacts-title">
            <h2 id="contacts-title">Contacts</h2>
            <dl>
              {people.map(({ title, contact }) => (
                <div key={title}>
                  <dt>{title}</dt>
                  <dd>
                    {contact.name} · <a href={`mailto:${contact.email}`}>{contact.email}</a> ·{' '}
                    <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>
                  </dd>
                </div>
              ))}
              <div>
                <dt>Terms and Cancellation policy</dt>
                <dd>
                  {loaded.terms
                    ? `Agreed ${loaded.terms.when} (revision ${loaded.terms.revision})`
                    : 'No agreement recorded'}
                </dd>
              </div>
            </dl>
          </section>
          <PaymentLinkSection link={loaded.paymentLink} />
          <DispatchSection
            // A new assignment starts the form afresh with it.
            key={`dispatch-${loaded.dispatch.assigned?.chauffeurId}-${loaded.dispatch.assigned?.carId}`}
            dispatch={loaded.dispatch}
          />
          {loaded.refundable > 0 ? (
            <RefundForm
              // A new due back starts the form afresh with it.
              key={`refund-${loaded.balance}`}
              refundKey={loaded.refundKey}
              refundable={loaded.refundableText}
              dueBackCents={Math.min(-loaded.balance, loaded.refundable)}
              reference={loaded.reference}
            />
          ) : (
            <p className="booking-card">Nothing is left to refund on this booking.</p>
          )}
          {loaded.cancel ? (
            <>
              <CancelForm
                // The suggestion follows what is left to refund: a refund since starts it afresh.
                key={`cancel-${loaded.cancel.refundCents}-${loaded.cancel.rule}`}
                cancelKey={loaded.cancel.key}
                refundCents={loaded.cancel.refundCents}
                rule={loaded.cancel.rule}
                reference={loaded.reference}
              />
              <ChangeForm
                // An applied change starts the form afresh from the booking as it is now.
                key={`change-${Object.values(loaded.trip).join('|')}`}
                trip={loaded.trip}
                vehicleTypes={loaded.vehicleTypes}
              />
              <ActionButtons pickupPassed={loaded.pickupPassed} />
            </>
          ) : null}
        </div>
      </div>
      {loaded.refunds.length > 0 ? (
        <section aria-labelledby="refunds-title">
          <h2 id="refunds-title">Refunds</h2>
          <StaffTable
            columns={['When', { label: 'Amount', amount: true }, 'By', 'Reason', 'Status']}
          >
            {loaded.refunds.map((refund) => (
              <tr key={refund.key}>
                <td>{refund.when}</td>
                <td className="staff-amount">{refund.amount}</td>
                <td>{refund.by}</td>
                <td>{refund.reason}</td>
                <td>{refund.status}</td>
              </tr>
            ))}
          </StaffTable>
        </section>
      ) : null}
      {loaded.adjustments.length > 0 ? (
        <section aria-labelledby="adjustments-title">
          <h2 id="adjustments-title">Changes of fare</h2>
          <StaffTable
            columns={[
              'Adjustment note',
              'When',
              'By',
              'Reason',
              { label: 'Fare after', amount: true },
              { label: 'Difference', amount: true },
              { label: 'GST in it', amount: true },
            ]}
          >
            {loaded.adjustments.map((adjustment) => (
              <tr key={adjustment.number}>
                <td>{adjustment.number}</td>
                <td>{adjustment.when}</td>
                <td>{adjustment.by}</td>
                <td>{adjustment.reason}</td>
                <td className="staff-amount">{adjustment.total}</td>
                <td className="staff-amount">{adjustment.difference}</td>
                <td className="staff-amount">{adjustment.gst}</td>
              </tr>
            ))}
          </StaffTable>
        </section>
      ) : null}
      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title">Timeline</h2>
        <ol>
          {loaded.timeline.map((event, index) => (
            <li key={index}>
              {event.when}: {event.text}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="audit-title">
        <h2 id="audit-title">Audit log</h2>
        {loaded.audit.length === 0 ? (
          <p>No staff action yet.</p>
        ) : (
          <ol className="staff-audit">
            {loaded.audit.map((entry) => (
              <li key={entry.id}>
                <p>
                  <time dateTime={entry.at} className="staff-audit__when">
                    {entry.when}
                  </time>{' '}
                  {entry.sentence}
                </p>
                {entry.details.length > 0 ? (
                  <details>
                    <summary>Details</summary>
                    <dl className="staff-audit__details">
                      {entry.details.map((detail) => (
                        <div key={detail.label}>
                          <dt>{detail.label}</dt>
                          <dd>
                            {detail.before === null
                              ? detail.after
                              : detail.after === null
                                ? `${detail.before} (before)`
                                : detail.before === detail.after
                                  ? detail.after
                                  : `${detail.before} → ${detail.after}`}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </details>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
