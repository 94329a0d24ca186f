// The machine's real actors over a fake API: what the payment actors make of the server's answers.
import type { PaymentStatusResponse } from '@business-chauffeur/booking-contract';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { declinedError, savedBooking } from '../machine/booking-machine.fixtures';
import type { PaymentOutcome } from '../machine/types';
import { bookingRules } from '../machine/step-rules';
import type { BookingApi } from './api-types';
import { createBookingActors, outcomeOf } from './actors';

function status(
  booking: PaymentStatusResponse['status'],
  payment: PaymentStatusResponse['payment']['status'],
  error: PaymentStatusResponse['payment']['error'] = null,
): PaymentStatusResponse {
  return {
    bookingId: 'bk_1',
    bookingReferenceId: 'MH3K9Q2A',
    status: booking,
    totalCents: 9550,
    currency: 'AUD',
    payment: { status: payment, error },
  };
}

function fakeApi(overrides: Partial<BookingApi>): BookingApi {
  const missing = () => {
    throw new Error('not expected in this test');
  };
  return {
    apiBase: 'https://book.example',
    searchPlaces: missing,
    quote: missing,
    createBooking: missing,
    confirmSandboxPayment: missing,
    applyPromo: missing,
    paymentStatus: missing,
    acceptTerms: missing,
    me: missing,
    config: missing,
    ...overrides,
  };
}

function run<T>(logic: AnyActorLogic, input?: unknown): Promise<T> {
  const actor = createActor(logic, { input });
  actor.start();
  return toPromise(actor) as Promise<T>;
}

afterEach(() => vi.useRealTimers());

describe('outcomeOf', () => {
  it('CONFIRMED is the only success (docs/decisions/006)', () => {
    expect(outcomeOf(status('CONFIRMED', 'succeeded'))).toEqual({
      status: 'succeeded',
      error: null,
    });
    expect(outcomeOf(status('DRAFT', 'processing'))).toEqual({ status: 'processing', error: null });
    expect(outcomeOf(status('DRAFT', 'requires_payment_method'))).toEqual({
      status: 'processing',
      error: null,
    });
  });

  it("a decline, or a mistyped card that never reached a charge, is this attempt's failure", () => {
    expect(outcomeOf(status('REJECTED', 'failed', declinedError))).toEqual({
      status: 'failed',
      error: declinedError,
    });
    const mistyped = {
      type: 'card_error',
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    };
    expect(outcomeOf(status('DRAFT', 'requires_payment_method', mistyped))).toEqual({
      status: 'failed',
      error: mistyped,
    });
  });
});

describe('createBookingActors', () => {
  it('loads the step rules', async () => {
    const actors = createBookingActors(fakeApi({}));
    expect(await run(actors.loadRules)).toBe(bookingRules);
  });

  it('confirms a sandbox card on the server and reads its verdict', async () => {
    const confirmSandboxPayment = vi.fn(async () => status('REJECTED', 'failed', declinedError));
    const actors = createBookingActors(fakeApi({ confirmSandboxPayment }));
    const card = { number: '4000000000000002', expiry: '12/34', cvc: '123' };
    const outcome = await run<PaymentOutcome>(actors.confirmPayment, {
      booking: savedBooking(),
      method: { provider: 'sandbox', card },
    });
    expect(outcome).toEqual({ status: 'failed', error: declinedError });
    expect(confirmSandboxPayment).toHaveBeenCalledWith(savedBooking(), card, expect.anything());
  });

  it("after Stripe's yes, waits for the server to confirm the booking", async () => {
    vi.useFakeTimers();
    // An earlier declined attempt left the booking REJECTED until the new payment is verified.
    const acceptTerms = vi.fn(async () => status('REJECTED', 'failed', declinedError));
    const paymentStatus = vi.fn(async () => status('CONFIRMED', 'succeeded'));
    const actors = createBookingActors(fakeApi({ paymentStatus, acceptTerms }));
    const confirm = vi.fn(async (): Promise<PaymentOutcome> => ({
      status: 'succeeded',
      error: null,
    }));
    const outcome = run<PaymentOutcome>(actors.confirmPayment, {
      booking: savedBooking(),
      method: { provider: 'stripe', confirm },
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await outcome).toEqual({ status: 'succeeded', error: null });
    expect(confirm).toHaveBeenCalledOnce();
    expect(acceptTerms).toHaveBeenCalledOnce();
    expect(paymentStatus).toHaveBeenCalledTimes(1);
  });

  it("a Stripe error is the payment's outcome, after the one check before the card is taken", async () => {
    const acceptTerms = vi.fn(async () => status('DRAFT', 'requires_payment_method'));
    const actors = createBookingActors(fakeApi({ acceptTerms }));
    const outcome = await run<PaymentOutcome>(actors.confirmPayment, {
      booking: savedBooking(),
      method: {
        provider: 'stripe',
        confirm: async () => ({ status: 'failed', error: declinedError }),
      },
    });
    expect(outcome).toEqual({ status: 'failed', error: declinedError });
    expect(acceptTerms).toHaveBeenCalledOnce();
  });

  it('never lets Stripe take the card when the server says the pickup is now too close', async () => {
    const tooLate = {
      type: 'invalid_request_error',
      code: 'too_late_to_pay',
      message: 'Your pickup is now less than an hour away …',
    };
    const acceptTerms = vi.fn(async () => status('DRAFT', 'failed', tooLate));
    const confirm = vi.fn(async (): Promise<PaymentOutcome> => ({
      status: 'succeeded',
      error: null,
    }));
    const actors = createBookingActors(fakeApi({ acceptTerms }));
    const outcome = await run<PaymentOutcome>(actors.confirmPayment, {
      booking: savedBooking(),
      method: { provider: 'stripe', confirm },
    });
    expect(outcome).toEqual({ status: 'failed', error: tooLate });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('a processing payment that fails ends the watch with its error', async () => {
    vi.useFakeTimers();
    const answers = [status('DRAFT', 'processing'), status('REJECTED', 'failed', declinedError)];
    const paymentStatus = vi.fn(async () => answers.shift() ?? status('DRAFT', 'processing'));
    const actors = createBookingActors(fakeApi({ paymentStatus }));
    const outcome = run<PaymentOutcome>(actors.watchPayment, { booking: savedBooking() });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await outcome).toEqual({ status: 'failed', error: declinedError });
  });

  it('stops watching an undecided payment after the watch time', async () => {
    vi.useFakeTimers();
    const paymentStatus = vi.fn(async () => status('DRAFT', 'processing'));
    const actors = createBookingActors(fakeApi({ paymentStatus }), { watchMs: 5_000 });
    const outcome = run<PaymentOutcome>(actors.watchPayment, { booking: savedBooking() });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toEqual({ status: 'processing', error: null });
    expect(paymentStatus.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(paymentStatus.mock.calls.length).toBeLessThanOrEqual(6);
  });
});

describe('checkPayment (a booking restored after a reload)', () => {
  it.each([
    [status('CONFIRMED', 'succeeded'), 'succeeded'],
    [status('DRAFT', 'succeeded'), 'processing'],
    [status('DRAFT', 'processing'), 'processing'],
    [status('DRAFT', 'requires_payment_method'), 'requires_payment_method'],
    // A decline before the reload is not this visit's news: the customer simply pays.
    [status('REJECTED', 'failed', declinedError), 'requires_payment_method'],
  ] as const)('%o → %s, asking once', async (answer, expected) => {
    const paymentStatus = vi.fn(async () => answer);
    const { checkPayment } = createBookingActors(fakeApi({ paymentStatus }));
    const outcome = await run<PaymentOutcome>(checkPayment, { booking: savedBooking() });
    expect(outcome).toEqual({ status: expected, error: null });
    expect(paymentStatus).toHaveBeenCalledTimes(1);
  });
});
