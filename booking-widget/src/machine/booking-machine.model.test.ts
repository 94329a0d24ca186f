// Model-based tests: xstate/graph walks the wizard machine and finds the shortest path to every
// distinct way of reaching a successful payment and a declined one (with or without stops, by the
// hour, on behalf of someone else, after a requote …). Each path is then replayed on a real actor
// whose API calls are settled with the outputs the path names, and every state along the way must
// match the model's.
import { type SandboxCard } from '@business-chauffeur/booking-contract';
import {
  draftToQuoteRequest,
  type DraftContact,
} from '@business-chauffeur/booking-contract/widget';
import { getShortestPaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { bookingMachine } from './booking-machine';
import {
  createHarness,
  declined,
  declinedError,
  NOW,
  places,
  quoteFor,
  savedBooking,
  succeeded,
  TRIP_DATE,
  vehicles,
  type ActorName,
} from './booking-machine.fixtures';
import { totalOf } from './selectors';
import { bookingRules } from './step-rules';
import type { BookingEvent, PaymentOutcome } from './types';

type Snapshot = ReturnType<ReturnType<typeof createHarness>['actor']['getSnapshot']>;

/** Events the model may take: the customer's, and the API's answers (done/error of an invoke). */
type ModelEvent =
  | BookingEvent
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };

const card: SandboxCard = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const passengerValues: Pick<DraftContact, 'firstName' | 'lastName' | 'email' | 'mobileNumber'> = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  mobileNumber: '412345678',
};
const contactFields = Object.keys(passengerValues) as (keyof typeof passengerValues)[];

const filled = (contact: DraftContact) => contactFields.filter((field) => contact[field] !== '');

/** What distinguishes two states for the model: the step, and the draft as the customer built it. */
function abstract(snapshot: Snapshot): string {
  const { draft, quote, booking, paymentError, errors } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    pickup: draft.trip.pickup.placeId,
    pickupDetails: draft.trip.pickup.details,
    flight: draft.trip.flightNumber,
    drop: draft.trip.drop.placeId,
    stops: draft.trip.stops.map((stop) => [stop.enabled, stop.placeId, stop.details]),
    date: draft.trip.date,
    byTheHour: draft.trip.byTheHour,
    hours: draft.trip.hours,
    vehicle: draft.vehicleId,
    fee: totalOf(snapshot.context),
    passenger: filled(draft.passenger),
    onBehalf: draft.onBehalf,
    bookingPerson: filled(draft.bookingPerson),
    quote: quote !== null,
    booking: booking !== null,
    paymentError,
    errors: Object.keys(errors).sort(),
    terms: snapshot.context.termsAccepted,
  });
}

const done = (id: string, output: unknown): ModelEvent => ({
  type: `xstate.done.actor.${id}`,
  output,
});

/**
 * The events offered in a state. Fields are filled once each and in a fixed order, so the model
 * explores the choices that matter (stops, By the Hour, on behalf, Previous, Clear Form, the
 * payment's outcome) rather than every order of typing.
 */
function eventsIn(snapshot: Snapshot): ModelEvent[] {
  const { draft } = snapshot.context;
  const { trip, passenger, bookingPerson } = draft;
  const [stop1, stop2] = trip.stops;
  const events: ModelEvent[] = [];
  const common: ModelEvent[] = [
    { type: 'wizard.next' },
    { type: 'wizard.previous' },
    { type: 'wizard.clear' },
  ];
  if (snapshot.matches({ general: 'editing' })) {
    if (!trip.pickup.placeId) {
      // An airport pickup asks for the flight; a suburb for the exact address.
      events.push({ type: 'place.choose', field: 'pickup', place: places.airport });
      events.push({ type: 'place.choose', field: 'pickup', place: places.paddington });
    } else if (trip.pickup.kind === 'airport' && !trip.flightNumber) {
      events.push({ type: 'general.change', field: 'flightNumber', value: 'qf 512' });
    } else if (trip.pickup.kind === 'locality' && !trip.pickup.details) {
      events.push({ type: 'place.details', field: 'pickup', details: '12 Smith Street' });
    } else if (!trip.drop.placeId) {
      events.push({ type: 'place.choose', field: 'drop', place: places.cbd });
    } else if (!trip.date) {
      events.push({ type: 'general.change', field: 'date', value: TRIP_DATE });
    } else {
      if (!stop1?.enabled) events.push({ type: 'stop.toggle', index: 0, enabled: true });
      else if (!stop1.placeId) {
        events.push({ type: 'place.choose', field: 'stops.0', place: places.southBank });
      } else if (!stop1.details) {
        events.push({ type: 'place.details', field: 'stops.0', details: '3/12 Ocean Avenue' });
      } else if (!stop2?.enabled) events.push({ type: 'stop.toggle', index: 1, enabled: true });
      else if (!stop2.placeId) {
        events.push({ type: 'place.choose', field: 'stops.1', place: places.portside });
      }
      if (!trip.byTheHour) events.push({ type: 'byTheHour.toggle', enabled: true });
      else {
        if (trip.hours === 0) events.push({ type: 'hours.increment' });
        events.push({ type: 'byTheHour.toggle', enabled: false });
      }
    }
    events.push(...common);
  } else if (snapshot.matches({ general: 'quoting' })) {
    events.push(done('quote', quoteFor()));
  } else if (snapshot.matches({ general: 'requoting' })) {
    events.push(done('requote', quoteFor()));
  } else if (snapshot.matches('vehicle')) {
    if (!draft.vehicleId) {
      events.push({ type: 'vehicle.select', vehicleId: vehicles.sedan.id });
    }
    events.push(...common);
  } else if (snapshot.matches('passenger')) {
    const missing = contactFields.find((field) => passenger[field] === '');
    const missingBooker = contactFields.find((field) => bookingPerson[field] === '');
    if (missing) {
      events.push({
        type: 'contact.change',
        role: 'passenger',
        field: missing,
        value: passengerValues[missing],
      });
    } else if (!draft.onBehalf) {
      events.push({ type: 'onBehalf.toggle', enabled: true });
    } else if (missingBooker) {
      events.push({
        type: 'contact.change',
        role: 'bookingPerson',
        field: missingBooker,
        value: passengerValues[missingBooker],
      });
    }
    events.push(...common);
  } else if (snapshot.matches('summary')) {
    events.push(...common);
  } else if (snapshot.matches({ payment: 'saving' })) {
    events.push(done('save', savedBooking()));
  } else if (snapshot.matches({ payment: 'ready' })) {
    events.push(
      { type: 'terms.toggle', accepted: true },
      { type: 'payment.submit', method: { provider: 'sandbox', card } },
    );
  } else if (snapshot.matches({ payment: 'paying' })) {
    events.push(done('pay', succeeded), done('pay', declined));
  }
  return events;
}

const input = { now: () => NOW, rules: bookingRules };

function shortestPaths(toState: (snapshot: Snapshot) => boolean) {
  return getShortestPaths(bookingMachine, {
    input,
    events: eventsIn as (snapshot: Snapshot) => BookingEvent[],
    serializeState: (snapshot) => abstract(snapshot as Snapshot),
    toState: (snapshot) => toState(snapshot as Snapshot),
  });
}

const invokeSources: Record<string, ActorName> = {
  quote: 'fetchQuote',
  requote: 'fetchQuote',
  save: 'createBooking',
  pay: 'confirmPayment',
  watch: 'watchPayment',
};

/** Replays a path on a real actor; every state on the way must be the model's. */
async function replay(path: ReturnType<typeof shortestPaths>[number]) {
  const harness = createHarness();
  harness.actor.start();
  try {
    for (const step of path.steps) {
      const event = step.event as ModelEvent;
      const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (answer) {
        const source = invokeSources[answer[2] as string] as ActorName;
        if (answer[1] === 'done')
          await harness.settle(source, (event as { output: unknown }).output);
        else await harness.fail(source, (event as { error: unknown }).error);
      } else {
        harness.actor.send(event as BookingEvent);
      }
      expect(abstract(harness.actor.getSnapshot()), `after ${event.type}`).toBe(
        abstract(step.state as Snapshot),
      );
    }
    return harness;
  } finally {
    harness.actor.stop();
  }
}

/** A readable name for a path: how the trip was built, and how many steps it took. */
function describePath(path: ReturnType<typeof shortestPaths>[number]): string {
  const { draft } = (path.state as Snapshot).context;
  const { stops } = draft.trip;
  const placed = stops.filter((stop) => stop.placeId).length;
  const empty = stops.filter((stop) => stop.enabled && !stop.placeId).length;
  return [
    `${placed} ${placed === 1 ? 'stop' : 'stops'}${empty ? ' and an empty stop switched on' : ''}`,
    draft.trip.pickup.kind === 'airport' ? 'from the airport' : 'from a suburb',
    draft.trip.byTheHour ? `by the hour (${draft.trip.hours} h)` : 'by distance',
    draft.onBehalf ? 'on behalf of someone else' : 'for the passenger',
    `${path.steps.length} steps`,
  ].join(', ');
}

const succeededState = (snapshot: Snapshot) => snapshot.matches({ payment: 'succeeded' });
const declinedState = (snapshot: Snapshot) =>
  snapshot.matches({ payment: 'ready' }) &&
  snapshot.context.paymentError === (declined as PaymentOutcome).error?.message;

describe('model: every shortest path to a successful payment', () => {
  const paths = shortestPaths(succeededState);

  it('covers the journeys that matter', () => {
    const finals = paths.map((path) => (path.state as Snapshot).context.draft);
    expect(paths.length).toBeGreaterThanOrEqual(10);
    // Two stops, by the hour, on behalf of someone else: the "done when" journey.
    expect(
      finals.some(
        (draft) =>
          draft.trip.stops.filter((stop) => stop.placeId).length === 2 &&
          draft.trip.byTheHour &&
          draft.trip.hours > 0 &&
          draft.onBehalf,
      ),
    ).toBe(true);
    expect(finals.some((draft) => !draft.onBehalf)).toBe(true);
    // From the airport with the flight, and from a suburb with the exact address.
    expect(finals.some((draft) => draft.trip.flightNumber === 'qf 512')).toBe(true);
    expect(finals.some((draft) => draft.trip.pickup.details === '12 Smith Street')).toBe(true);
  });

  it.each(paths.map((path) => [describePath(path), path]))('%s', async (_, path) => {
    const harness = await replay(path);
    const final = path.state as Snapshot;
    const { draft } = final.context;
    // The quote asked for the trip as built, and the booking for the passenger as entered.
    expect(harness.calls.fetchQuote.at(-1)).toEqual({ request: draftToQuoteRequest(draft) });
    // What the chauffeur needs went with it: the flight of an airport pickup, else the address.
    const request = draftToQuoteRequest(draft);
    if (draft.trip.pickup.kind === 'airport') {
      expect(request).toMatchObject({ pickup: { kind: 'airport' }, flightNumber: 'qf 512' });
    } else {
      expect(request).toMatchObject({
        pickup: { kind: 'locality', details: '12 Smith Street' },
        flightNumber: '',
      });
    }
    for (const stop of request.stops ?? []) {
      if (stop.placeId === places.southBank.placeId) expect(stop.details).toBe('3/12 Ocean Avenue');
    }
    expect(harness.calls.createBooking.at(-1)).toMatchObject({
      request: {
        quoteToken: 'signed.quote.token',
        vehicleId: vehicles.sedan.id,
        onBehalf: draft.onBehalf,
        passenger: { firstName: 'Ada', email: 'ada@example.com' },
      },
    });
    expect(harness.emitted).toContainEqual({ type: 'completed', booking: savedBooking() });
  });
});

describe('model: every shortest path to a declined payment', () => {
  const paths = shortestPaths(declinedState);

  it('exists for each way of building the trip', () => {
    expect(paths.length).toBeGreaterThanOrEqual(10);
  });

  it.each(paths.map((path) => [describePath(path), path]))('%s', async (_, path) => {
    const harness = await replay(path);
    const final = path.state as Snapshot;
    // Refused: the provider's message is shown and the booking stays unpaid on the payment step.
    expect(final.context.paymentError).toBe(declinedError.message);
    expect(final.matches({ payment: 'ready' })).toBe(true);
    expect(harness.emitted.filter((event) => event.type === 'completed')).toEqual([]);
    expect(harness.emitted).toContainEqual(
      expect.objectContaining({ type: 'failure', message: 'Your card was declined.', step: 4 }),
    );
  });
});
