// Step 5 of the booking wizard: saving the booking, then paying, driven through a real actor with
// the API replaced by promises the test settles (booking-machine.fixtures.ts).
import { messages, type FareLine } from '@business-chauffeur/booking-contract';
import { widgetMessages, widgetStepMessages } from '@business-chauffeur/booking-contract/widget';
import { describe, expect, it } from 'vitest';
import {
  declined,
  declinedError,
  fareLine,
  fillPassenger,
  savedBooking,
  succeeded,
  wizardUnderTest,
} from './booking-machine.fixtures';
import { totalOf } from './selectors';
const pay = widgetMessages.payment;
const card4242 = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const sandbox = { provider: 'sandbox' as const, card: card4242 };

const { harness, snapshot, send, toPassengerStep, toPaymentReady } = wizardUnderTest();
const total = () => totalOf(snapshot().context);

describe('step 5: payment', () => {
  it('the saved booking hides Clear Form and Previous, and the total is the server amount', async () => {
    await toPassengerStep();
    fillPassenger(harness().actor);
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    // Nothing may discard a save in flight.
    expect(snapshot().can({ type: 'wizard.clear' })).toBe(false);
    expect(snapshot().can({ type: 'wizard.previous' })).toBe(false);
    await harness().settle('createBooking', savedBooking({ totalCents: 9600 }));
    expect(snapshot().value).toEqual({ payment: 'ready' });
    expect(snapshot().context.booking).toMatchObject({
      bookingId: 'bk_1',
      bookingReferenceId: 'MH3K9Q2A',
    });
    expect(total()).toBe(9600);
    expect(snapshot().can({ type: 'wizard.clear' })).toBe(false);
    expect(snapshot().can({ type: 'wizard.previous' })).toBe(false);
    send({ type: 'wizard.clear' });
    expect(snapshot().value).toEqual({ payment: 'ready' });
  });

  it('a failed save shows the specification message; Try again re-sends the same key', async () => {
    await toPassengerStep();
    fillPassenger(harness().actor);
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    const key = snapshot().context.idempotencyKey;
    await harness().fail('createBooking', { code: 'booking_unavailable', message: 'Store down' });
    expect(snapshot().value).toEqual({ payment: 'saveFailed' });
    expect(snapshot().context.notice).toBe(pay.saveFailed);
    expect(snapshot().can({ type: 'wizard.previous' })).toBe(true);
    send({ type: 'payment.retrySave' });
    expect(snapshot().value).toEqual({ payment: 'saving' });
    expect(harness().calls.createBooking).toHaveLength(2);
    expect((harness().calls.createBooking[1] as { idempotencyKey: string }).idempotencyKey).toBe(
      key,
    );
  });

  it('an expired quote says so in the server words, and Previous is offered', async () => {
    await toPassengerStep();
    fillPassenger(harness().actor);
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    await harness().fail('createBooking', {
      code: 'quote_expired',
      message: messages.api.quoteExpired,
    });
    expect(snapshot().context.notice).toBe(messages.api.quoteExpired);
    send({ type: 'wizard.previous' });
    expect(snapshot().value).toBe('summary');
  });

  it('Apply sends the code to the server; the re-priced booking replaces the saved one', async () => {
    await toPaymentReady();
    send({ type: 'promo.change', code: ' welcome10 ' });
    send({ type: 'promo.apply' });
    expect(snapshot().value).toEqual({ payment: 'applyingPromo' });
    // Nothing is paid while the code is checked.
    expect(snapshot().can({ type: 'payment.submit', method: sandbox })).toBe(false);
    expect(harness().calls.applyPromo[0]).toEqual({ booking: savedBooking(), code: 'welcome10' });
    const discount: FareLine = {
      kind: 'discount',
      label: 'Discount (WELCOME10)',
      detail: null,
      amountCents: -955,
    };
    const repriced = savedBooking({
      totalCents: 8595,
      promoCode: 'WELCOME10',
      lines: [fareLine(9550), discount],
      gstCents: 781,
    });
    await harness().settle('applyPromo', repriced);
    expect(snapshot().value).toEqual({ payment: 'ready' });
    expect(snapshot().context.booking).toEqual(repriced);
    expect(snapshot().context.promo).toEqual({ code: 'WELCOME10', message: null });
    expect(total()).toBe(8595);
    send({ type: 'terms.toggle', accepted: true });
    send({ type: 'payment.submit', method: sandbox });
    expect(harness().calls.confirmPayment[0]).toMatchObject({ booking: repriced });
  });

  it('Pay now without the agreement to the policies says so at the box and sends no card', async () => {
    await toPaymentReady();
    const invalid: unknown[] = [];
    harness().actor.on('invalid', (event) => invalid.push(event));
    send({ type: 'payment.submit', method: sandbox });
    expect(snapshot().value).toEqual({ payment: 'ready' });
    expect(snapshot().context.errors.terms).toBe(widgetStepMessages.paymentForm.termsRequired);
    expect(invalid).toHaveLength(1);
    expect(harness().calls.confirmPayment).toEqual([]);
    // Ticking the box clears the message; then the card goes.
    send({ type: 'terms.toggle', accepted: true });
    expect(snapshot().context.errors.terms).toBeUndefined();
    send({ type: 'payment.submit', method: sandbox });
    expect(snapshot().value).toEqual({ payment: 'paying' });
    expect(harness().calls.confirmPayment).toHaveLength(1);
  });

  it('a code the server refuses shows its words under the field; typing clears them', async () => {
    await toPaymentReady();
    send({ type: 'promo.change', code: 'NOPE' });
    send({ type: 'promo.apply' });
    await harness().fail('applyPromo', {
      code: 'promo_invalid',
      message: 'Please check the highlighted fields.',
      fields: { promoCode: pay.promoInvalid },
    });
    expect(snapshot().value).toEqual({ payment: 'ready' });
    expect(snapshot().context.promo).toEqual({ code: 'NOPE', message: pay.promoInvalid });
    expect(snapshot().context.booking).toEqual(savedBooking());
    send({ type: 'promo.change', code: 'NOPE1' });
    expect(snapshot().context.promo.message).toBeNull();
  });

  it('an empty code is refused without asking; a failed call shows the failure message', async () => {
    await toPaymentReady();
    send({ type: 'promo.apply' });
    expect(snapshot().value).toEqual({ payment: 'ready' });
    expect(snapshot().context.promo.message).toBe(pay.promoInvalid);
    expect(harness().calls.applyPromo).toHaveLength(0);
    send({ type: 'promo.change', code: 'WELCOME10' });
    send({ type: 'promo.apply' });
    await harness().fail('applyPromo', { code: 'network', message: widgetMessages.networkError });
    expect(snapshot().context.paymentError).toBe(widgetMessages.networkError);
    expect(snapshot().context.promo.message).toBeNull();
    expect(harness().emitted).toContainEqual(
      expect.objectContaining({ type: 'failure', code: 'network', step: 4 }),
    );
  });

  it('a successful payment ends on the confirmation and tells the host', async () => {
    await toPaymentReady();
    send({ type: 'terms.toggle', accepted: true });
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    expect(snapshot().value).toEqual({ payment: 'paying' });
    expect(harness().calls.confirmPayment).toEqual([
      { booking: savedBooking(), method: { provider: 'sandbox', card: card4242 } },
    ]);
    await harness().settle('confirmPayment', succeeded);
    expect(snapshot().value).toEqual({ payment: 'succeeded' });
    expect(harness().emitted).toContainEqual({ type: 'completed', booking: savedBooking() });
  });

  it('a declined card shows the provider message; a retry succeeds', async () => {
    await toPaymentReady();
    send({ type: 'terms.toggle', accepted: true });
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    await harness().settle('confirmPayment', declined);
    expect(snapshot().value).toEqual({ payment: 'ready' });
    expect(snapshot().context.paymentError).toBe('Your card was declined.');
    expect(harness().emitted).toContainEqual({
      type: 'failure',
      code: declinedError.code,
      message: 'Your card was declined.',
      step: 4,
    });
    send({ type: 'terms.toggle', accepted: true });
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    expect(snapshot().context.paymentError).toBeNull();
    await harness().settle('confirmPayment', succeeded);
    expect(snapshot().value).toEqual({ payment: 'succeeded' });
  });

  it('other provider errors show the generic message', async () => {
    await toPaymentReady();
    send({ type: 'terms.toggle', accepted: true });
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    await harness().settle('confirmPayment', {
      status: 'failed',
      error: { type: 'api_error', message: 'Upstream exploded' },
    });
    expect(snapshot().context.paymentError).toBe(pay.unexpected);
  });

  it('a failed call shows its message', async () => {
    await toPaymentReady();
    send({ type: 'terms.toggle', accepted: true });
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    await harness().fail('confirmPayment', {
      code: 'network',
      message: widgetMessages.networkError,
    });
    expect(snapshot().value).toEqual({ payment: 'ready' });
    expect(snapshot().context.paymentError).toBe(widgetMessages.networkError);
  });

  it('an undecided payment says "Payment processing." and keeps watching the server', async () => {
    await toPaymentReady();
    send({ type: 'terms.toggle', accepted: true });
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    await harness().settle('confirmPayment', { status: 'processing', error: null });
    expect(snapshot().value).toEqual({ payment: 'processing' });
    expect(snapshot().context.paymentNotice).toBe(pay.processing);
    expect(harness().calls.watchPayment).toEqual([{ booking: savedBooking() }]);
    await harness().settle('watchPayment', { status: 'processing', error: null });
    expect(snapshot().value).toEqual({ payment: 'undecided' });
    expect(snapshot().context.paymentNotice).toBe(pay.processing);
  });

  it('a watched payment that succeeds ends on the confirmation', async () => {
    await toPaymentReady();
    send({ type: 'terms.toggle', accepted: true });
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    await harness().settle('confirmPayment', { status: 'processing', error: null });
    await harness().settle('watchPayment', succeeded);
    expect(snapshot().value).toEqual({ payment: 'succeeded' });
  });
});
