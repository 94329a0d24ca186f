// Shared by the machine's unit and model-based tests: a fixed clock, places, a quote, a saved
// booking, and an actor harness whose API calls wait until the test settles them.
import {
  gstIncludedCents,
  NO_CHILD_SEATS,
  type BookingResponse,
  type FareLine,
  type PaymentError,
  type PlaceSuggestion,
  type QuoteResponse,
  type VehicleCard,
} from '@business-chauffeur/booking-contract';
import { createActor, fromPromise, type ActorRefFrom, type EventFrom } from 'xstate';
import { afterEach } from 'vitest';
import { bookingMachine } from './booking-machine';
import { bookingRules } from './step-rules';
import type {
  ApplyPromoInput,
  BookingMachineInput,
  ConfirmPaymentInput,
  CreateBookingInput,
  FetchQuoteInput,
  PaymentOutcome,
  PaymentStatusInput,
} from './types';

/** Monday 1 June 2026, 08:00 in Brisbane. */
export const NOW = new Date('2026-05-31T22:00:00Z');
export const TRIP_DATE = '2026-06-10';

export const places = {
  airport: {
    placeId: 'bne-domestic',
    description: 'Brisbane Airport (BNE) Domestic Terminal',
    kind: 'airport',
  },
  cbd: { placeId: 'brisbane-cbd', description: 'Brisbane CBD', kind: 'landmark' },
  southBank: { placeId: 'south-bank', description: 'South Bank, Brisbane', kind: 'locality' },
  portside: {
    placeId: 'portside-wharf',
    description: 'Portside Wharf, Hamilton',
    kind: 'landmark',
  },
  paddington: { placeId: 'paddington', description: 'Paddington QLD 4064', kind: 'locality' },
} satisfies Record<string, PlaceSuggestion>;

function card(
  overrides: Partial<VehicleCard> & Pick<VehicleCard, 'id' | 'slug' | 'title'>,
): VehicleCard {
  const totalCents = overrides.totalCents === undefined ? 9550 : overrides.totalCents;
  return {
    subTitle: null,
    shortDescription: null,
    disclaimer: null,
    category: null,
    type: 'car',
    image: null,
    passengers: 4,
    suitcases: 2,
    smallBags: 2,
    currency: 'AUD',
    canCarry: true,
    unavailableReason: null,
    ...overrides,
    ...pricedAt(totalCents),
  };
}

/** A card's lines for its total in cents: one fare line (none when not priced), total and GST. */
export function pricedAt(
  cents: number | null,
): Pick<VehicleCard, 'lines' | 'totalCents' | 'gstCents'> {
  if (cents === null) return { lines: [], totalCents: null, gstCents: null };
  return {
    lines: [fareLine(cents)],
    totalCents: cents,
    gstCents: gstIncludedCents(cents),
  };
}

export const fareLine = (amountCents: number): FareLine => ({
  kind: 'fare',
  label: 'Fare (base and distance)',
  detail: null,
  amountCents,
});

export const vehicles = {
  sedan: card({
    id: 'vehicleType.sedan',
    slug: 'sedan',
    title: 'Executive Sedan',
    type: 'sedan',
    totalCents: 9550,
  }),
  suv: card({
    id: 'vehicleType.suv',
    slug: 'suv',
    title: 'Premium SUV',
    type: 'suv',
    totalCents: 12_000,
  }),
  coupe: card({
    id: 'vehicleType.coupe',
    slug: 'coupe',
    title: 'Two-seat Coupe',
    passengers: 1,
    totalCents: 8000,
    canCarry: false,
  }),
};

export function quoteFor(overrides: Partial<QuoteResponse> = {}): QuoteResponse {
  return {
    quoteToken: 'signed.quote.token',
    expiresAt: '2026-06-01T00:00:00Z',
    trip: {
      pickup: places.airport,
      stops: [],
      drop: places.cbd,
      date: TRIP_DATE,
      time: '10:00',
      passengers: 1,
      byTheHour: false,
      hours: 0,
      notes: '',
      childSeats: { ...NO_CHILD_SEATS },
      trailer: false,
    },
    distanceMeters: 17_300,
    durationSeconds: 1_500,
    distanceText: '17.3 km',
    durationText: '25 mins',
    legs: [{ distanceMeters: 17_300, durationSeconds: 1_500 }],
    currency: 'AUD',
    vehicles: [vehicles.sedan, vehicles.suv, vehicles.coupe],
    ...overrides,
  };
}

export function savedBooking(overrides: Partial<BookingResponse> = {}): BookingResponse {
  return {
    bookingId: 'bk_1',
    bookingReferenceId: 'MH3K9Q2A',
    status: 'DRAFT',
    totalCents: 9550,
    currency: 'AUD',
    lines: [fareLine(9550)],
    gstCents: gstIncludedCents(9550),
    promoCode: null,
    payment: {
      provider: 'sandbox',
      paymentIntentId: 'pi_sandbox_1',
      clientSecret: 'pi_sandbox_1_secret',
      testMode: true,
    },
    ...overrides,
  };
}

export const succeeded: PaymentOutcome = { status: 'succeeded', error: null };
export const declinedError: PaymentError = {
  type: 'card_error',
  code: 'card_declined',
  message: 'Your card was declined.',
};
export const declined: PaymentOutcome = { status: 'failed', error: declinedError };

interface Deferred<T> {
  input: unknown;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export type ActorName =
  | 'fetchQuote'
  | 'createBooking'
  | 'confirmPayment'
  | 'watchPayment'
  | 'checkPayment'
  | 'applyPromo'
  | 'loadRules';

/**
 * The machine with its API actors replaced by promises the test settles: `settle(name, value)`
 * answers the call in flight, `fail(name, error)` rejects it, `calls[name]` lists every input.
 */
export function createHarness(input: BookingMachineInput = {}) {
  const pending = new Map<ActorName, Deferred<unknown>>();
  const calls: Record<ActorName, unknown[]> = {
    fetchQuote: [],
    createBooking: [],
    confirmPayment: [],
    watchPayment: [],
    checkPayment: [],
    applyPromo: [],
    loadRules: [],
  };
  const waitFor = <T>(name: ActorName, actorInput: unknown) =>
    new Promise<T>((resolve, reject) => {
      calls[name].push(actorInput);
      pending.set(name, {
        input: actorInput,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
    });

  const machine = bookingMachine.provide({
    actors: {
      loadRules: fromPromise(() => waitFor<typeof bookingRules>('loadRules', undefined)),
      fetchQuote: fromPromise<QuoteResponse, FetchQuoteInput>(({ input: i }) =>
        waitFor('fetchQuote', i),
      ),
      createBooking: fromPromise<BookingResponse, CreateBookingInput>(({ input: i }) =>
        waitFor('createBooking', i),
      ),
      confirmPayment: fromPromise<PaymentOutcome, ConfirmPaymentInput>(({ input: i }) =>
        waitFor('confirmPayment', i),
      ),
      watchPayment: fromPromise<PaymentOutcome, PaymentStatusInput>(({ input: i }) =>
        waitFor('watchPayment', i),
      ),
      checkPayment: fromPromise<PaymentOutcome, PaymentStatusInput>(({ input: i }) =>
        waitFor('checkPayment', i),
      ),
      applyPromo: fromPromise<BookingResponse, ApplyPromoInput>(({ input: i }) =>
        waitFor('applyPromo', i),
      ),
    },
  });
  const actor = createActor(machine, {
    input: { now: () => NOW, rules: bookingRules, ...input },
  });
  const emitted: { type: string; [key: string]: unknown }[] = [];
  actor.on('*', (event) => emitted.push(event));

  const take = (name: ActorName) => {
    const deferred = pending.get(name);
    if (!deferred) throw new Error(`No ${name} call is in flight`);
    pending.delete(name);
    return deferred;
  };
  /** Lets the machine take the settled promise's done event. */
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  return {
    actor,
    calls,
    emitted,
    pending: (name: ActorName) => pending.has(name),
    async settle(name: ActorName, value: unknown) {
      take(name).resolve(value);
      await flush();
    },
    async fail(name: ActorName, error: unknown) {
      take(name).reject(error);
      await flush();
    },
    flush,
  };
}

export type Harness = ReturnType<typeof createHarness>;
export type BookingActorRef = ActorRefFrom<typeof bookingMachine>;

/** Fills step 1 with a valid trip (an airport pickup and its flight, drop, date; the rest as is). */
export function fillTrip(actor: BookingActorRef) {
  actor.send({ type: 'place.choose', field: 'pickup', place: places.airport });
  actor.send({ type: 'general.change', field: 'flightNumber', value: 'QF 512' });
  actor.send({ type: 'place.choose', field: 'drop', place: places.cbd });
  actor.send({ type: 'general.change', field: 'date', value: TRIP_DATE });
}

/** Fills step 3 with a valid passenger. */
export function fillPassenger(
  actor: BookingActorRef,
  role: 'passenger' | 'bookingPerson' = 'passenger',
) {
  const values = {
    firstName: role === 'passenger' ? 'Ada' : 'Grace',
    lastName: role === 'passenger' ? 'Lovelace' : 'Hopper',
    email: role === 'passenger' ? 'ada@example.com' : 'grace@example.com',
    mobileNumber: '412345678',
  } as const;
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'contact.change', role, field: field as keyof typeof values, value });
  }
}

/**
 * The unit tests' wizard: `start` runs a fresh harness (stopped after each test), and the steps
 * walk it to the vehicle step, the passenger step or a payment form ready to pay.
 */
export function wizardUnderTest() {
  let current: Harness | undefined;
  afterEach(() => current?.actor.stop());
  const harness = () => {
    if (!current) throw new Error('start() the wizard first');
    return current;
  };
  const start = (input: BookingMachineInput = {}) => {
    current = createHarness(input);
    current.actor.start();
    return current;
  };
  const snapshot = () => harness().actor.getSnapshot();
  const send = (event: EventFrom<typeof bookingMachine>) => harness().actor.send(event);

  /** From a fresh start to the vehicle step with the fixture quote. */
  async function toVehicleStep(input: BookingMachineInput = {}) {
    start(input);
    fillTrip(harness().actor);
    send({ type: 'wizard.next' });
    await harness().settle('fetchQuote', quoteFor());
  }
  async function toPassengerStep() {
    await toVehicleStep();
    send({ type: 'vehicle.select', vehicleId: vehicles.sedan.id });
    send({ type: 'wizard.next' });
  }
  async function toPaymentReady() {
    await toPassengerStep();
    fillPassenger(harness().actor);
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    await harness().settle('createBooking', savedBooking());
  }

  return {
    harness,
    start,
    snapshot,
    draft: () => snapshot().context.draft,
    send,
    toVehicleStep,
    toPassengerStep,
    toPaymentReady,
  };
}
