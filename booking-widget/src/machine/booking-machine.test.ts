// Every transition of the booking wizard, driven through a real actor with the API replaced by
// promises the test settles (booking-machine.fixtures.ts).
import {
  draftToBookingRequest,
  draftToQuoteRequest,
  messages,
  widgetMessages,
} from '@business-chauffeur/booking-contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createHarness,
  declined,
  declinedError,
  fillPassenger,
  fillTrip,
  places,
  quoteFor,
  savedBooking,
  succeeded,
  TRIP_DATE,
  vehicles,
  type Harness,
} from './booking-machine.fixtures';
import { bookingRules } from './step-rules';

const m = messages.booking;
const pay = widgetMessages.payment;
const card4242 = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

let harness: Harness;
afterEach(() => harness?.actor.stop());

function start(input: Parameters<typeof createHarness>[0] = {}) {
  harness = createHarness(input);
  harness.actor.start();
  return harness;
}
const snapshot = () => harness.actor.getSnapshot();
const draft = () => snapshot().context.draft;
const send = (event: Parameters<Harness['actor']['send']>[0]) => harness.actor.send(event);

/** From a fresh start to the vehicle step with the fixture quote. */
async function toVehicleStep(input: Parameters<typeof createHarness>[0] = {}) {
  start(input);
  fillTrip(harness.actor);
  send({ type: 'wizard.next' });
  await harness.settle('fetchQuote', quoteFor());
}

async function toPassengerStep() {
  await toVehicleStep();
  send({ type: 'vehicle.select', vehicleId: vehicles.sedan.id });
  send({ type: 'wizard.next' });
}

async function toPaymentReady() {
  await toPassengerStep();
  fillPassenger(harness.actor);
  send({ type: 'wizard.next' });
  send({ type: 'wizard.next' });
  await harness.settle('createBooking', savedBooking());
}

describe('step 1: general details', () => {
  it('starts on step 1 with the specification defaults', () => {
    start();
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(draft().pageDisplay.currentTab).toBe(0);
    expect(draft().generalDetails).toMatchObject({
      bookingTime: '10:00',
      passengersCount: 1,
      byTheHourCheck: false,
      numberOfHours: 0,
    });
    expect(draft().passengerDetails.countryCode).toBe('+61');
    expect(draft().bookingFee).toBe(0);
    expect(snapshot().can({ type: 'wizard.previous' })).toBe(false);
    expect(snapshot().can({ type: 'wizard.clear' })).toBe(true);
  });

  it('applies prefill attributes and the signed-in profile', () => {
    start({
      prefill: { date: TRIP_DATE, passengers: 3, vehicle: 'suv' },
      profile: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      partner: 'grand-hotel',
    });
    expect(draft().generalDetails.bookingDate).toBe(TRIP_DATE);
    expect(draft().generalDetails.passengersCount).toBe(3);
    expect(draft().passengerDetails).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
    });
    expect(snapshot().context.preferredVehicle).toBe('suv');
    expect(snapshot().context.partner).toBe('grand-hotel');
  });

  it('fills empty passenger fields from a profile that arrives later, keeping typed ones', async () => {
    await toPassengerStep();
    send({ type: 'contact.change', role: 'passenger', field: 'firstName', value: 'Grace' });
    send({
      type: 'profile.loaded',
      profile: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    });
    expect(draft().passengerDetails).toMatchObject({
      firstName: 'Grace',
      lastName: 'Lovelace',
      email: 'ada@example.com',
    });
  });

  it('choosing a place sets its id and text; editing keeps the id; leaving clears both', () => {
    start();
    send({ type: 'place.choose', field: 'pickup', place: places.airport });
    expect(draft().location).toMatchObject({
      pickupLocation: places.airport.description,
      fromPlaceId: places.airport.placeId,
    });
    send({ type: 'place.edit', field: 'pickup', text: 'Brisbane Air' });
    expect(draft().location).toMatchObject({
      pickupLocation: 'Brisbane Air',
      fromPlaceId: places.airport.placeId,
    });
    send({ type: 'place.abandon', field: 'pickup' });
    expect(draft().location).toMatchObject({ pickupLocation: '', fromPlaceId: null });

    send({ type: 'place.choose', field: 'drop', place: places.cbd });
    expect(draft().location).toMatchObject({
      dropLocation: 'Brisbane CBD',
      toPlaceId: 'brisbane-cbd',
    });
  });

  it('stops open in sequence, and switching one off empties it and every later one', () => {
    start();
    send({ type: 'stop.toggle', index: 1, enabled: true });
    expect(draft().location.stops[1]?.enabled).toBe(false);
    send({ type: 'stop.toggle', index: 0, enabled: true });
    send({ type: 'place.choose', field: 'stops.0', place: places.southBank });
    send({ type: 'stop.toggle', index: 1, enabled: true });
    send({ type: 'place.choose', field: 'stops.1', place: places.portside });
    send({ type: 'stop.toggle', index: 2, enabled: true });
    expect(draft().location.stops.map((stop) => stop.enabled)).toEqual([true, true, true, false]);
    expect(draft().location.stops[1]).toMatchObject({ placeId: 'portside-wharf' });

    send({ type: 'stop.toggle', index: 1, enabled: false });
    expect(draft().location.stops.map((stop) => stop.enabled)).toEqual([true, false, false, false]);
    expect(draft().location.stops[1]).toEqual({ location: '', placeId: null, enabled: false });
    expect(draft().location.stops[0]?.placeId).toBe('south-bank');
  });

  it('records date, time, passengers and notes', () => {
    start();
    send({ type: 'general.change', field: 'bookingDate', value: TRIP_DATE });
    send({ type: 'general.change', field: 'bookingTime', value: '14:30' });
    send({ type: 'general.change', field: 'passengersCount', value: '5' });
    send({ type: 'general.change', field: 'specialInstructions', value: 'Two golf bags' });
    expect(draft().generalDetails).toMatchObject({
      bookingDate: TRIP_DATE,
      bookingTime: '14:30',
      passengersCount: 5,
      specialInstructions: 'Two golf bags',
    });
    send({ type: 'general.change', field: 'passengersCount', value: '' });
    expect(draft().generalDetails.passengersCount).toBe(0);
  });

  it('By the Hour resets hours either way; minus 0.5 (never below 0), plus 1', () => {
    start();
    expect(snapshot().can({ type: 'hours.increment' })).toBe(false);
    send({ type: 'byTheHour.toggle', enabled: true });
    expect(draft().generalDetails).toMatchObject({ byTheHourCheck: true, numberOfHours: 0 });
    expect(snapshot().can({ type: 'hours.decrement' })).toBe(false);
    send({ type: 'hours.decrement' });
    expect(draft().generalDetails.numberOfHours).toBe(0);
    send({ type: 'hours.increment' });
    send({ type: 'hours.increment' });
    expect(draft().generalDetails.numberOfHours).toBe(2);
    send({ type: 'hours.decrement' });
    expect(draft().generalDetails.numberOfHours).toBe(1.5);
    send({ type: 'byTheHour.toggle', enabled: false });
    expect(draft().generalDetails).toMatchObject({ byTheHourCheck: false, numberOfHours: 0 });
    send({ type: 'byTheHour.toggle', enabled: true });
    expect(draft().generalDetails.numberOfHours).toBe(0);
  });

  it('Next on an empty form shows the contract messages and stays on step 1', () => {
    start();
    send({ type: 'general.change', field: 'bookingTime', value: '' });
    send({ type: 'general.change', field: 'passengersCount', value: '0' });
    send({ type: 'byTheHour.toggle', enabled: true });
    send({ type: 'stop.toggle', index: 0, enabled: true });
    send({ type: 'general.change', field: 'specialInstructions', value: 'Gate #4' });
    send({ type: 'wizard.next' });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(snapshot().context.errors).toEqual({
      pickup: m.pickupRequired,
      drop: m.dropRequired,
      'stops.0': m.stopRequired,
      date: m.dateRequired,
      time: m.timeRequired,
      passengers: m.passengersRequired,
      hours: m.hoursRequired,
      notes: m.notesCharacters,
    });
    expect(harness.emitted).toContainEqual({ type: 'invalid', fields: snapshot().context.errors });
    expect(harness.calls.fetchQuote).toHaveLength(0);
  });

  it('a pickup less than an hour from now is refused', () => {
    start({ now: () => new Date('2026-06-10T00:30:00Z') });
    fillTrip(harness.actor);
    // 10:00 in Brisbane is 00:00 UTC: before "now" plus one hour.
    send({ type: 'wizard.next' });
    expect(snapshot().context.errors).toEqual({ time: m.timeTooSoon });
  });

  it('editing a field clears its message', () => {
    start();
    send({ type: 'wizard.next' });
    expect(snapshot().context.errors.pickup).toBe(m.pickupRequired);
    send({ type: 'place.choose', field: 'pickup', place: places.airport });
    expect(snapshot().context.errors.pickup).toBeUndefined();
    expect(snapshot().context.errors.drop).toBe(m.dropRequired);
  });

  it('leaving step 1 asks the server for a quote, then opens the vehicle step', async () => {
    start();
    fillTrip(harness.actor);
    send({ type: 'stop.toggle', index: 0, enabled: true });
    send({ type: 'place.choose', field: 'stops.0', place: places.southBank });
    send({ type: 'wizard.next' });
    expect(snapshot().value).toEqual({ general: 'quoting' });
    expect(harness.calls.fetchQuote).toEqual([{ request: draftToQuoteRequest(draft()) }]);
    // A second Next while the quote is in flight does nothing.
    send({ type: 'wizard.next' });
    expect(harness.calls.fetchQuote).toHaveLength(1);

    const quote = quoteFor();
    await harness.settle('fetchQuote', quote);
    expect(snapshot().value).toBe('vehicle');
    expect(snapshot().context.quote).toBe(quote);
    expect(draft()).toMatchObject({
      quoteToken: quote.quoteToken,
      vehicles: quote.vehicles,
      distanceMatrix: {
        distance: { text: '17.3 km', value: 17_300 },
        duration: { text: '25 mins', value: 25 },
      },
    });
    expect(harness.emitted).toContainEqual({ type: 'quote', quote });
    expect(harness.emitted).toContainEqual({ type: 'step', index: 1 });
  });

  it('a refused quote keeps step 1 with the server message and its field errors', async () => {
    start();
    fillTrip(harness.actor);
    send({ type: 'wizard.next' });
    await harness.fail('fetchQuote', {
      code: 'route_unavailable',
      message: 'We could not measure this route. Please call us on 1300 975 707.',
      fields: { drop: m.dropRequired },
    });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(snapshot().context.notice).toBe(
      'We could not measure this route. Please call us on 1300 975 707.',
    );
    expect(snapshot().context.errors).toEqual({ drop: m.dropRequired });
    expect(harness.emitted).toContainEqual({
      type: 'failure',
      code: 'route_unavailable',
      message: 'We could not measure this route. Please call us on 1300 975 707.',
      step: 0,
    });
  });

  it('switching By the Hour off re-quotes a trip that has a quote, and updates the fare', async () => {
    await toVehicleStep();
    send({ type: 'vehicle.select', vehicleId: vehicles.sedan.id });
    send({ type: 'wizard.previous' });
    expect(snapshot().value).toEqual({ general: 'editing' });
    send({ type: 'byTheHour.toggle', enabled: true });
    expect(harness.calls.fetchQuote).toHaveLength(1);
    send({ type: 'byTheHour.toggle', enabled: false });
    expect(snapshot().value).toEqual({ general: 'requoting' });
    expect(harness.calls.fetchQuote).toHaveLength(2);
    expect(harness.calls.fetchQuote[1]).toEqual({ request: draftToQuoteRequest(draft()) });

    const repriced = quoteFor({ vehicles: [{ ...vehicles.sedan, fare: 88 }, vehicles.suv] });
    await harness.settle('fetchQuote', repriced);
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(draft().bookingFee).toBe(88);
    expect(draft().selectedVehicleId).toBe(vehicles.sedan.id);
  });

  it('switching By the Hour off does not re-quote before the first quote', () => {
    start();
    fillTrip(harness.actor);
    send({ type: 'byTheHour.toggle', enabled: true });
    send({ type: 'byTheHour.toggle', enabled: false });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(harness.calls.fetchQuote).toHaveLength(0);
  });

  it('a Next before the rules arrived waits for them, then checks the step', async () => {
    start({ rules: null });
    fillTrip(harness.actor);
    send({ type: 'wizard.next' });
    expect(snapshot().value).toEqual({ general: 'awaitingRules' });
    // The machine's own background load and the wait both ask for the rules.
    expect(harness.calls.loadRules.length).toBeGreaterThanOrEqual(1);
    await harness.settle('loadRules', bookingRules);
    expect(snapshot().value).toEqual({ general: 'quoting' });
  });
});

describe('step 2: vehicle selection', () => {
  it('opening the step clears fee and selection', async () => {
    await toVehicleStep();
    send({ type: 'vehicle.select', vehicleId: vehicles.suv.id });
    expect(draft().bookingFee).toBe(120);
    send({ type: 'wizard.previous' });
    send({ type: 'wizard.next' });
    await harness.settle('fetchQuote', quoteFor());
    expect(snapshot().value).toBe('vehicle');
    expect(draft()).toMatchObject({
      bookingFee: 0,
      selectedVehicleId: null,
      vehicleSelection: { id: null, type: null, name: null },
    });
  });

  it('selecting stores fee, id, type and title', async () => {
    await toVehicleStep();
    send({ type: 'vehicle.select', vehicleId: vehicles.sedan.id });
    expect(draft()).toMatchObject({
      bookingFee: 95.5,
      selectedVehicleId: 'vehicleType.sedan',
      vehicleSelection: { id: 'vehicleType.sedan', type: 'sedan', name: 'Executive Sedan' },
    });
  });

  it('a vehicle that cannot carry the passengers cannot be selected', async () => {
    await toVehicleStep();
    expect(snapshot().can({ type: 'vehicle.select', vehicleId: vehicles.coupe.id })).toBe(false);
    send({ type: 'vehicle.select', vehicleId: vehicles.coupe.id });
    expect(draft().selectedVehicleId).toBeNull();
  });

  it('a fleet link pre-selects its vehicle the first time the step opens', async () => {
    await toVehicleStep({ prefill: { vehicle: 'suv' } });
    expect(draft().selectedVehicleId).toBe(vehicles.suv.id);
    expect(draft().bookingFee).toBe(120);
    send({ type: 'wizard.previous' });
    send({ type: 'wizard.next' });
    await harness.settle('fetchQuote', quoteFor());
    expect(draft().selectedVehicleId).toBeNull();
  });

  it('Next without a vehicle says so; with one it opens passenger details', async () => {
    await toVehicleStep();
    send({ type: 'wizard.next' });
    expect(snapshot().value).toBe('vehicle');
    expect(snapshot().context.errors).toEqual({ vehicleId: m.vehicleRequired });
    send({ type: 'vehicle.select', vehicleId: vehicles.sedan.id });
    expect(snapshot().context.errors).toEqual({});
    send({ type: 'wizard.next' });
    expect(snapshot().value).toBe('passenger');
    expect(draft().pageDisplay.currentTab).toBe(2);
  });

  it('Previous goes back to step 1', async () => {
    await toVehicleStep();
    send({ type: 'wizard.previous' });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(draft().pageDisplay.currentTab).toBe(0);
  });
});

describe('step 3: passenger details', () => {
  it('Next checks the passenger with the contract messages', async () => {
    await toPassengerStep();
    send({ type: 'contact.change', role: 'passenger', field: 'email', value: 'not-an-email' });
    send({ type: 'contact.change', role: 'passenger', field: 'countryCode', value: '61' });
    send({ type: 'contact.change', role: 'passenger', field: 'mobileNumber', value: '04-12' });
    send({ type: 'wizard.next' });
    expect(snapshot().value).toBe('passenger');
    expect(snapshot().context.errors).toEqual({
      'passenger.firstName': m.firstNameRequired,
      'passenger.lastName': m.lastNameRequired,
      'passenger.email': m.emailInvalid,
      'passenger.countryCode': m.countryCodeInvalid,
      'passenger.mobileNumber': m.mobileInvalid,
    });
  });

  it('booking on behalf checks the booking person too; switching it off drops those errors', async () => {
    await toPassengerStep();
    fillPassenger(harness.actor);
    send({ type: 'onBehalf.toggle', enabled: true });
    send({ type: 'wizard.next' });
    expect(snapshot().context.errors).toEqual({
      'bookingPerson.firstName': m.firstNameRequired,
      'bookingPerson.lastName': m.lastNameRequired,
      'bookingPerson.email': m.emailRequired,
      'bookingPerson.mobileNumber': m.mobileRequired,
    });
    send({ type: 'onBehalf.toggle', enabled: false });
    expect(snapshot().context.errors).toEqual({});
    send({ type: 'onBehalf.toggle', enabled: true });
    fillPassenger(harness.actor, 'bookingPerson');
    send({ type: 'wizard.next' });
    expect(snapshot().value).toBe('summary');
    expect(draft().passengerDetails.bookingPerson).toMatchObject({ firstName: 'Grace' });
  });

  it('Previous goes back to the vehicle step, which clears the selection', async () => {
    await toPassengerStep();
    send({ type: 'wizard.previous' });
    expect(snapshot().value).toBe('vehicle');
    expect(draft().selectedVehicleId).toBeNull();
  });
});

describe('step 4: summary', () => {
  it('Next opens the payment step and saves the booking; Previous goes back', async () => {
    await toPassengerStep();
    fillPassenger(harness.actor);
    send({ type: 'wizard.next' });
    expect(snapshot().value).toBe('summary');
    send({ type: 'wizard.previous' });
    expect(snapshot().value).toBe('passenger');
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    expect(snapshot().value).toEqual({ payment: 'saving' });
    const key = snapshot().context.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(harness.calls.createBooking).toEqual([
      {
        request: draftToBookingRequest(draft(), key ?? undefined),
        partner: null,
        idempotencyKey: key,
      },
    ]);
  });
});

describe('step 5: payment', () => {
  it('the saved booking hides Clear Form and Previous, and the total is the server amount', async () => {
    await toPassengerStep();
    fillPassenger(harness.actor);
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    // Nothing may discard a save in flight.
    expect(snapshot().can({ type: 'wizard.clear' })).toBe(false);
    expect(snapshot().can({ type: 'wizard.previous' })).toBe(false);
    await harness.settle('createBooking', savedBooking({ amount: 96 }));
    expect(snapshot().value).toEqual({ payment: 'ready' });
    expect(draft()).toMatchObject({
      bookingId: 'bk_1',
      bookingReferenceId: 'MH3K9Q2A',
      isBookingLogged: true,
      bookingFee: 96,
    });
    expect(snapshot().can({ type: 'wizard.clear' })).toBe(false);
    expect(snapshot().can({ type: 'wizard.previous' })).toBe(false);
    send({ type: 'wizard.clear' });
    expect(snapshot().value).toEqual({ payment: 'ready' });
  });

  it('a failed save shows the specification message; Try again re-sends the same key', async () => {
    await toPassengerStep();
    fillPassenger(harness.actor);
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    const key = snapshot().context.idempotencyKey;
    await harness.fail('createBooking', { code: 'booking_unavailable', message: 'Store down' });
    expect(snapshot().value).toEqual({ payment: 'saveFailed' });
    expect(snapshot().context.notice).toBe(pay.saveFailed);
    expect(snapshot().can({ type: 'wizard.previous' })).toBe(true);
    send({ type: 'payment.retrySave' });
    expect(snapshot().value).toEqual({ payment: 'saving' });
    expect(harness.calls.createBooking).toHaveLength(2);
    expect((harness.calls.createBooking[1] as { idempotencyKey: string }).idempotencyKey).toBe(key);
  });

  it('an expired quote says so in the server words, and Previous is offered', async () => {
    await toPassengerStep();
    fillPassenger(harness.actor);
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    await harness.fail('createBooking', {
      code: 'quote_expired',
      message: messages.api.quoteExpired,
    });
    expect(snapshot().context.notice).toBe(messages.api.quoteExpired);
    send({ type: 'wizard.previous' });
    expect(snapshot().value).toBe('summary');
  });

  it('a promo code is never valid (decision 14)', async () => {
    await toPaymentReady();
    send({ type: 'promo.change', code: 'WELCOME10' });
    send({ type: 'promo.apply' });
    expect(snapshot().context.promo).toEqual({ code: 'WELCOME10', message: pay.promoInvalid });
    send({ type: 'promo.change', code: 'WELCOME1' });
    expect(snapshot().context.promo.message).toBeNull();
  });

  it('a successful payment ends on the confirmation and tells the host', async () => {
    await toPaymentReady();
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    expect(snapshot().value).toEqual({ payment: 'paying' });
    expect(harness.calls.confirmPayment).toEqual([
      { booking: savedBooking(), method: { provider: 'sandbox', card: card4242 } },
    ]);
    await harness.settle('confirmPayment', succeeded);
    expect(snapshot().value).toEqual({ payment: 'succeeded' });
    expect(draft().bookingStatus).toBe('CONFIRMED');
    expect(harness.emitted).toContainEqual({ type: 'completed', booking: savedBooking() });
  });

  it('a declined card shows the provider message; a retry succeeds', async () => {
    await toPaymentReady();
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    await harness.settle('confirmPayment', declined);
    expect(snapshot().value).toEqual({ payment: 'ready' });
    expect(snapshot().context.paymentError).toBe('Your card was declined.');
    expect(draft().bookingStatus).toBe('REJECTED');
    expect(draft().paymentDetails.error).toEqual({
      code: 'card_declined',
      description: 'Your card was declined.',
    });
    expect(harness.emitted).toContainEqual({
      type: 'failure',
      code: declinedError.code,
      message: 'Your card was declined.',
      step: 4,
    });
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    expect(snapshot().context.paymentError).toBeNull();
    await harness.settle('confirmPayment', succeeded);
    expect(snapshot().value).toEqual({ payment: 'succeeded' });
  });

  it('other provider errors show the generic message (spec §8)', async () => {
    await toPaymentReady();
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    await harness.settle('confirmPayment', {
      status: 'failed',
      error: { type: 'api_error', message: 'Upstream exploded' },
    });
    expect(snapshot().context.paymentError).toBe(pay.unexpected);
  });

  it('a failed call shows its message', async () => {
    await toPaymentReady();
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    await harness.fail('confirmPayment', {
      code: 'network',
      message: widgetMessages.networkError,
    });
    expect(snapshot().value).toEqual({ payment: 'ready' });
    expect(snapshot().context.paymentError).toBe(widgetMessages.networkError);
  });

  it('an undecided payment says "Payment processing." and keeps watching the server', async () => {
    await toPaymentReady();
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    await harness.settle('confirmPayment', { status: 'processing', error: null });
    expect(snapshot().value).toEqual({ payment: 'processing' });
    expect(snapshot().context.paymentNotice).toBe(pay.processing);
    expect(harness.calls.watchPayment).toEqual([{ booking: savedBooking() }]);
    await harness.settle('watchPayment', { status: 'processing', error: null });
    expect(snapshot().value).toEqual({ payment: 'undecided' });
    expect(snapshot().context.paymentNotice).toBe(pay.processing);
  });

  it('a watched payment that succeeds ends on the confirmation', async () => {
    await toPaymentReady();
    send({ type: 'payment.submit', method: { provider: 'sandbox', card: card4242 } });
    await harness.settle('confirmPayment', { status: 'processing', error: null });
    await harness.settle('watchPayment', succeeded);
    expect(snapshot().value).toEqual({ payment: 'succeeded' });
  });
});

describe('Clear Form', () => {
  it('from any step before saving: back to a fresh step 1, errors gone, profile kept', async () => {
    const profile = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    await toVehicleStep({ profile });
    send({ type: 'vehicle.select', vehicleId: vehicles.sedan.id });
    send({ type: 'wizard.previous' });
    send({ type: 'general.change', field: 'specialInstructions', value: 'bad #' });
    send({ type: 'wizard.next' });
    expect(snapshot().context.errors.notes).toBe(m.notesCharacters);
    send({ type: 'wizard.clear' });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(snapshot().context.errors).toEqual({});
    expect(snapshot().context.quote).toBeNull();
    expect(draft().location.fromPlaceId).toBeNull();
    expect(draft().generalDetails.specialInstructions).toBe('');
    expect(draft().bookingFee).toBe(0);
    expect(draft().passengerDetails).toMatchObject(profile);
  });

  it('from the passenger step it returns to step 1', async () => {
    await toPassengerStep();
    fillPassenger(harness.actor);
    send({ type: 'wizard.clear' });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(draft().pageDisplay.currentTab).toBe(0);
    expect(draft().passengerDetails.firstName).toBe('');
    expect(harness.emitted.filter((event) => event.type === 'step').at(-1)).toEqual({
      type: 'step',
      index: 0,
    });
  });
});
