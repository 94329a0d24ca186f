// Step 5 "Order Summary and Payment" (its own chunk: nothing of it loads before step 5). Opening it
// saves the booking; then the promo code (checked by the server, which answers the booking
// re-priced: docs/product.md, "Promo codes"), the fare line by line and the server's total in AUD,
// the card form (Stripe's Payment Element, or the sandbox's test-mode form) and Pay now; on success
// the confirmation card replaces the form and is scrolled into view.
import {
  TERMS_PATHS,
  type BookingResponse,
  type SandboxCard,
} from '@business-chauffeur/booking-contract';
import { widgetMessages, widgetStepMessages } from '@business-chauffeur/booking-contract/widget';
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { selectedVehicle } from '../machine/selectors';
import type { PaymentMethodInput } from '../machine/types';
import { editFormatted, formatCardNumber, formatExpiry } from './card-format';
import { FareLines } from './fare-lines';
import { ErrorText, fieldIds, TextField } from './fields';
import { PayButton, type CardFormProps } from './card-form';
import { confirmationRecipients, successRecap } from './summary-format';
import { useBooking, useShadowStyles, useWidget, type BookingSnapshot } from './widget-context';
import paymentStyles from '../styles/payment.css?inline';

const text = widgetStepMessages.paymentForm;

// Stripe.js and its React bindings load only for a Stripe-mode booking.
const StripePayment = lazy(() =>
  import('./stripe-payment').then((module) => ({ default: module.StripePayment })),
);

type Phase =
  | 'saving'
  | 'saveFailed'
  | 'resuming'
  | 'ready'
  | 'applyingPromo'
  | 'paying'
  | 'processing'
  | 'undecided'
  | 'succeeded';

function phaseOf(snapshot: BookingSnapshot): Phase | null {
  const value = snapshot.value;
  return typeof value === 'object' && 'payment' in value ? (value.payment as Phase) : null;
}

export function StepPayment() {
  useShadowStyles('payment', paymentStyles);
  const { actor } = useWidget();
  const phase = useBooking(phaseOf);
  const booking = useBooking((snapshot) => snapshot.context.booking);
  const notice = useBooking((snapshot) => snapshot.context.notice);

  if (phase === 'saving' || phase === 'resuming' || phase === null) {
    return (
      <p className="cb-info" role="status">
        <span className="cb-spinner" aria-hidden="true" />{' '}
        {phase === 'resuming' ? widgetMessages.loadingStep : text.saving}
      </p>
    );
  }
  if (phase === 'saveFailed' || !booking) {
    return (
      <div>
        <p className="cb-notice" role="alert" tabIndex={-1} data-notice="true">
          {notice ?? widgetMessages.payment.saveFailed}
        </p>
        <button
          type="button"
          className="cb-button"
          onClick={() => actor.send({ type: 'payment.retrySave' })}
        >
          {text.retrySave}
        </button>
      </div>
    );
  }
  if (phase === 'succeeded') return <SuccessCard booking={booking} />;
  return <PaymentForm booking={booking} phase={phase} />;
}

function PaymentForm({ booking, phase }: { booking: BookingResponse; phase: Phase }) {
  const { actor } = useWidget();
  const promo = useBooking((snapshot) => snapshot.context.promo);
  const paymentError = useBooking((snapshot) => snapshot.context.paymentError);
  const paymentNotice = useBooking((snapshot) => snapshot.context.paymentNotice);
  const busy = phase !== 'ready';
  const applying = phase === 'applyingPromo';
  const applied = booking.promoCode ? text.promoApplied(booking.promoCode) : null;
  const onPay = (method: PaymentMethodInput) => actor.send({ type: 'payment.submit', method });

  const applyPromo = (event: FormEvent) => {
    event.preventDefault();
    if (!applying) actor.send({ type: 'promo.apply' });
  };

  return (
    <div className="cb-payment">
      <form className="cb-promo" noValidate onSubmit={applyPromo}>
        <TextField
          path="promo"
          label={text.promoCode}
          autoComplete="off"
          value={promo.code}
          hint={applied && !promo.message ? applied : undefined}
          error={promo.message ?? undefined}
          onValue={(code) => actor.send({ type: 'promo.change', code })}
        />
        {/* Not `disabled`: the button keeps focus while the code is checked. */}
        <button type="submit" className="cb-button" aria-disabled={applying ? 'true' : undefined}>
          {applying ? <span className="cb-spinner" aria-hidden="true" /> : null}
          {applying ? text.applying : text.apply}
        </button>
        <p className="cb-visually-hidden" role="status">
          {promo.message ?? (applying ? text.applying : (applied ?? ''))}
        </p>
      </form>

      <section className="cb-payment-fare" aria-labelledby="cb-payment-fare-title">
        <h3 id="cb-payment-fare-title">{widgetStepMessages.summary.fare}</h3>
        {/* The one total of this screen: the amount about to be paid, the server's. */}
        <FareLines
          lines={booking.lines}
          totalCents={booking.totalCents}
          gstCents={booking.gstCents}
          amountDue
        />
      </section>

      <TermsAgreement />

      {booking.payment.provider === 'stripe' ? (
        <Suspense
          fallback={
            <p className="cb-info" role="status">
              {text.loadingCardForm}
            </p>
          }
        >
          <StripePayment booking={booking} busy={busy} onPay={onPay} />
        </Suspense>
      ) : (
        <SandboxCardForm booking={booking} busy={busy} onPay={onPay} />
      )}

      {paymentError ? (
        <p className="cb-notice" role="alert">
          {paymentError}
        </p>
      ) : null}
      <p className={paymentNotice || busy ? 'cb-info' : 'cb-visually-hidden'} role="status">
        {paymentNotice ?? (busy ? text.paying : '')}
      </p>
    </div>
  );
}

/**
 * "I agree to the Terms and conditions and the Cancellation policy": required before Pay now (the
 * server keeps the agreement with the booking, and its sandbox refuses a card without it). The
 * policies open in a new tab, so the wizard stays as it is.
 */
function TermsAgreement() {
  const { actor, api } = useWidget();
  const accepted = useBooking((snapshot) => snapshot.context.termsAccepted);
  const error = useBooking((snapshot) => snapshot.context.errors.terms);
  const ids = fieldIds('terms');
  const policyLink = (path: string, label: string) => (
    <a href={`${api.apiBase}${path}`} target="_blank" rel="noopener">
      {label}
      <span className="cb-visually-hidden"> {text.opensInNewTab}</span>
    </a>
  );
  return (
    <div className="cb-terms">
      <div className="cb-check">
        <input
          id={ids.id}
          type="checkbox"
          checked={accepted}
          required
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? ids.errorId : undefined}
          onChange={(event) => actor.send({ type: 'terms.toggle', accepted: event.target.checked })}
        />
        <label htmlFor={ids.id}>
          {text.termsAgree} {policyLink(TERMS_PATHS.terms, text.termsLink)} {text.termsAnd}{' '}
          {policyLink(TERMS_PATHS.cancellation, text.cancellationLink)}
        </label>
      </div>
      <ErrorText id={ids.errorId} message={error} />
    </div>
  );
}

/**
 * The sandbox's card form: Stripe's test cards, clearly marked as test mode. The number shows in
 * groups (4-4-4-4, Amex 4-6-5) and the expiry as "MM / YY" as the customer types or pastes
 * (card-format.ts), with the caret kept after the digit it followed.
 */
function SandboxCardForm({ busy, onPay }: CardFormProps) {
  const [card, setCard] = useState<SandboxCard>({ number: '', expiry: '', cvc: '' });
  const pendingCaret = useRef<{ input: HTMLInputElement; position: number } | null>(null);
  useLayoutEffect(() => {
    const pending = pendingCaret.current;
    pendingCaret.current = null;
    if (
      pending &&
      (pending.input.getRootNode() as Document | ShadowRoot).activeElement === pending.input
    ) {
      pending.input.setSelectionRange(pending.position, pending.position);
    }
  });

  const set = (field: keyof SandboxCard) => (value: string) =>
    setCard((current) => ({ ...current, [field]: value }));
  /** Formats the field's new text and keeps the caret after the digit it followed. */
  function formatInto(
    field: 'number' | 'expiry',
    raw: string,
    input: HTMLInputElement,
    format: (text: string) => string,
  ) {
    const edit = editFormatted(card[field], raw, input.selectionStart ?? raw.length, format);
    pendingCaret.current = { input, position: edit.caret };
    setCard((current) => ({ ...current, [field]: edit.value }));
  }
  const onNumber = (raw: string, input: HTMLInputElement) =>
    formatInto('number', raw, input, formatCardNumber);
  const onExpiry = (raw: string, input: HTMLInputElement) =>
    formatInto('expiry', raw, input, formatExpiry);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onPay({ provider: 'sandbox', card });
  };

  return (
    <form noValidate onSubmit={submit}>
      <fieldset className="cb-card-form">
        <legend>
          <span className="cb-test-mode">{text.testMode}</span>
          {text.cardDetails}
        </legend>
        <p className="cb-hint">{text.testModeNote}</p>
        <TextField
          path="card.number"
          label={text.cardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
          value={card.number}
          onValue={onNumber}
        />
        <div className="cb-card-row">
          <TextField
            path="card.expiry"
            label={text.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onValue={onExpiry}
          />
          <TextField
            path="card.cvc"
            label={text.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={card.cvc}
            onValue={set('cvc')}
          />
        </div>
        <PayButton busy={busy} />
      </fieldset>
    </form>
  );
}

/** The reference inside its sentence, in a face where zero and O differ (.cb-ref). */
function ReferenceText({ text, reference }: { text: string; reference: string }) {
  const at = reference ? text.lastIndexOf(reference) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span className="cb-ref">{reference}</span>
      {text.slice(at + reference.length)}
    </>
  );
}

/**
 * The confirmation: the specified title and text with the reference, the paid trip in short
 * (pickup, drop, date and time, vehicle, total) and who the confirmation email goes to.
 */
function SuccessCard({ booking }: { booking: BookingResponse }) {
  const card = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const quote = useBooking((snapshot) => snapshot.context.quote);
  const vehicle = useBooking((snapshot) => selectedVehicle(snapshot.context)?.title ?? null);
  const draft = useBooking((snapshot) => snapshot.context.draft);
  const recipients = confirmationRecipients(draft);
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  const success = widgetStepMessages.success;
  return (
    <div className="cb-success" ref={card} role="status">
      <h3 tabIndex={-1} ref={heading}>
        {widgetMessages.payment.successTitle}
      </h3>
      <p>
        <ReferenceText
          text={widgetMessages.payment.successText(booking.bookingReferenceId)}
          reference={booking.bookingReferenceId}
        />
      </p>
      <dl className="cb-success-recap" aria-label={success.recapTitle}>
        {successRecap(quote, vehicle, booking.totalCents).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {recipients.length > 0 ? <p>{success.confirmationEmail(recipients)}</p> : null}
      {/* Relative on purpose: on a partner's page, "Home" is the partner's home page. */}
      <a className="cb-button cb-button--primary" href="/">
        {widgetMessages.payment.goHome}
      </a>
    </div>
  );
}
