// Step 1 of the booking wizard (General Details), driven through a real actor with the API
// replaced by promises the test settles (booking-machine.fixtures.ts).
import { messages } from '@business-chauffeur/booking-contract';
import { draftToQuoteRequest } from '@business-chauffeur/booking-contract/widget';
import { describe, expect, it } from 'vitest';
import {
  fillTrip,
  places,
  pricedAt,
  quoteFor,
  TRIP_DATE,
  wizardUnderTest,
  vehicles,
} from './booking-machine.fixtures';
import { stepOf, totalOf } from './selectors';
import { bookingRules } from './step-rules';
const m = messages.booking;

const { harness, start, snapshot, draft, send, toVehicleStep, toPassengerStep } = wizardUnderTest();
const total = () => totalOf(snapshot().context);

describe('step 1: general details', () => {
  it('starts on step 1 with the specification defaults', () => {
    start();
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(stepOf(snapshot())).toBe(0);
    expect(draft().trip).toMatchObject({
      time: '10:00',
      passengers: 1,
      byTheHour: false,
      hours: 0,
    });
    expect(draft().passenger.countryCode).toBe('+61');
    expect(total()).toBe(0);
    expect(snapshot().can({ type: 'wizard.previous' })).toBe(false);
    expect(snapshot().can({ type: 'wizard.clear' })).toBe(true);
  });

  it('applies prefill attributes and the signed-in profile', () => {
    start({
      prefill: { date: TRIP_DATE, passengers: 3, vehicle: 'suv' },
      profile: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      partner: 'grand-hotel',
    });
    expect(draft().trip.date).toBe(TRIP_DATE);
    expect(draft().trip.passengers).toBe(3);
    expect(draft().passenger).toMatchObject({
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
    expect(draft().passenger).toMatchObject({
      firstName: 'Grace',
      lastName: 'Lovelace',
      email: 'ada@example.com',
    });
  });

  it('choosing a place sets its id and text; editing keeps the id; leaving keeps the text only', () => {
    start();
    send({ type: 'place.choose', field: 'pickup', place: places.airport });
    expect(draft().trip.pickup).toEqual({
      text: places.airport.description,
      placeId: places.airport.placeId,
      kind: 'airport',
      details: '',
    });
    send({ type: 'place.edit', field: 'pickup', text: 'Brisbane Air' });
    expect(draft().trip.pickup).toEqual({
      text: 'Brisbane Air',
      placeId: places.airport.placeId,
      kind: 'airport',
      details: '',
    });
    // Leaving without choosing keeps the text, not the place, and asks to choose one.
    send({ type: 'place.abandon', field: 'pickup' });
    expect(draft().trip.pickup).toEqual({
      text: 'Brisbane Air',
      placeId: null,
      kind: null,
      details: '',
    });
    expect(snapshot().context.errors.pickup).toBe('Choose a place from the list.');
    send({ type: 'wizard.next' });
    expect(snapshot().context.errors.pickup).toBe(m.pickupRequired);
    send({ type: 'place.edit', field: 'pickup', text: '' });
    send({ type: 'place.abandon', field: 'pickup' });
    expect(snapshot().context.errors.pickup).toBeUndefined();

    send({ type: 'place.choose', field: 'drop', place: places.cbd });
    expect(draft().trip.drop).toEqual({
      text: 'Brisbane CBD',
      placeId: 'brisbane-cbd',
      kind: 'landmark',
      details: '',
    });
  });

  it('asks the flight of an airport pickup and the exact address beside a suburb', () => {
    start();
    send({ type: 'place.choose', field: 'pickup', place: places.airport });
    send({ type: 'place.choose', field: 'drop', place: places.paddington });
    send({ type: 'general.change', field: 'date', value: TRIP_DATE });
    send({ type: 'general.change', field: 'flightNumber', value: 'XYZ' });
    send({ type: 'wizard.next' });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(snapshot().context.errors).toEqual({
      flightNumber: m.flightNumberInvalid,
      'drop.details': m.addressDetailsRequired,
    });
    send({ type: 'general.change', field: 'flightNumber', value: 'QF 512' });
    send({ type: 'place.details', field: 'drop', details: '12 Smith Street' });
    expect(snapshot().context.errors).toEqual({});
    send({ type: 'wizard.next' });
    expect(snapshot().value).toEqual({ general: 'quoting' });
    expect(
      (harness().calls.fetchQuote[0] as { request: unknown } | undefined)?.request,
    ).toMatchObject({
      pickup: { placeId: places.airport.placeId, kind: 'airport' },
      drop: { placeId: 'paddington', kind: 'locality', details: '12 Smith Street' },
      flightNumber: 'QF 512',
    });
  });

  it('stops open in sequence, and switching one off empties it and every later one', () => {
    start();
    send({ type: 'stop.toggle', index: 1, enabled: true });
    expect(draft().trip.stops[1]?.enabled).toBe(false);
    send({ type: 'stop.toggle', index: 0, enabled: true });
    send({ type: 'place.choose', field: 'stops.0', place: places.southBank });
    send({ type: 'stop.toggle', index: 1, enabled: true });
    send({ type: 'place.choose', field: 'stops.1', place: places.portside });
    send({ type: 'stop.toggle', index: 2, enabled: true });
    expect(draft().trip.stops.map((stop) => stop.enabled)).toEqual([true, true, true, false]);
    expect(draft().trip.stops[1]).toMatchObject({ placeId: 'portside-wharf' });

    send({ type: 'stop.toggle', index: 1, enabled: false });
    expect(draft().trip.stops.map((stop) => stop.enabled)).toEqual([true, false, false, false]);
    expect(draft().trip.stops[1]).toEqual({
      text: '',
      placeId: null,
      kind: null,
      details: '',
      enabled: false,
    });
    expect(draft().trip.stops[0]?.placeId).toBe('south-bank');
  });

  it('records date, time, passengers and notes', () => {
    start();
    send({ type: 'general.change', field: 'date', value: TRIP_DATE });
    send({ type: 'general.change', field: 'time', value: '14:30' });
    send({ type: 'general.change', field: 'passengers', value: '5' });
    send({ type: 'general.change', field: 'notes', value: 'Two golf bags' });
    expect(draft().trip).toMatchObject({
      date: TRIP_DATE,
      time: '14:30',
      passengers: 5,
      notes: 'Two golf bags',
    });
    send({ type: 'general.change', field: 'passengers', value: '' });
    expect(draft().trip.passengers).toBe(0);
  });

  it('By the Hour resets hours either way; minus 0.5 (never below 0), plus 1', () => {
    start();
    expect(snapshot().can({ type: 'hours.increment' })).toBe(false);
    send({ type: 'byTheHour.toggle', enabled: true });
    expect(draft().trip).toMatchObject({ byTheHour: true, hours: 0 });
    expect(snapshot().can({ type: 'hours.decrement' })).toBe(false);
    send({ type: 'hours.decrement' });
    expect(draft().trip.hours).toBe(0);
    send({ type: 'hours.increment' });
    send({ type: 'hours.increment' });
    expect(draft().trip.hours).toBe(2);
    send({ type: 'hours.decrement' });
    expect(draft().trip.hours).toBe(1.5);
    send({ type: 'byTheHour.toggle', enabled: false });
    expect(draft().trip).toMatchObject({ byTheHour: false, hours: 0 });
    send({ type: 'byTheHour.toggle', enabled: true });
    expect(draft().trip.hours).toBe(0);
  });

  it('child seats by kind and a trailer: none by default, sent with the quote request', async () => {
    start();
    expect(draft().trip.childSeats).toEqual({ babyCapsule: 0, childSeat: 0, booster: 0 });
    expect(draft().trip.trailer).toBe(false);
    fillTrip(harness().actor);
    send({ type: 'general.change', field: 'passengers', value: '3' });
    send({ type: 'childSeats.change', kind: 'babyCapsule', value: '1' });
    send({ type: 'childSeats.change', kind: 'booster', value: '2' });
    // What a number field can hold that is not a count: nothing (0), a fraction, a negative.
    send({ type: 'childSeats.change', kind: 'childSeat', value: '' });
    expect(draft().trip.childSeats).toEqual({ babyCapsule: 1, childSeat: 0, booster: 2 });
    send({ type: 'childSeats.change', kind: 'childSeat', value: '-1' });
    expect(draft().trip.childSeats.childSeat).toBe(0);
    send({ type: 'childSeats.change', kind: 'childSeat', value: '1.7' });
    expect(draft().trip.childSeats.childSeat).toBe(1);
    send({ type: 'childSeats.change', kind: 'childSeat', value: '0' });
    send({ type: 'trailer.toggle', enabled: true });
    send({ type: 'wizard.next' });
    expect(harness().calls.fetchQuote[0]).toMatchObject({
      request: { childSeats: { babyCapsule: 1, childSeat: 0, booster: 2 }, trailer: true },
    });
  });

  it('suitcases and small bags: none by default, sent with the quote request, 62 refused', async () => {
    start();
    expect(draft().trip).toMatchObject({ suitcases: 0, smallBags: 0 });
    fillTrip(harness().actor);
    send({ type: 'general.change', field: 'suitcases', value: '62' });
    send({ type: 'wizard.next' });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(snapshot().context.errors.suitcases).toBe(m.suitcasesInvalid(61));
    send({ type: 'general.change', field: 'suitcases', value: '6' });
    expect(snapshot().context.errors.suitcases).toBeUndefined();
    send({ type: 'general.change', field: 'smallBags', value: '' });
    send({ type: 'general.change', field: 'smallBags', value: '2' });
    send({ type: 'wizard.next' });
    expect(harness().calls.fetchQuote[0]).toMatchObject({
      request: { suitcases: 6, smallBags: 2 },
    });
  });

  it('more child seats than passengers is refused on step 1; changing a count clears it', () => {
    start();
    fillTrip(harness().actor);
    send({ type: 'childSeats.change', kind: 'childSeat', value: '2' });
    send({ type: 'wizard.next' });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(snapshot().context.errors.childSeats).toBe(m.childSeatsOverPassengers);
    send({ type: 'childSeats.change', kind: 'childSeat', value: '1' });
    expect(snapshot().context.errors.childSeats).toBeUndefined();
    send({ type: 'general.change', field: 'passengers', value: '12' });
    send({ type: 'childSeats.change', kind: 'booster', value: '6' });
    send({ type: 'wizard.next' });
    expect(snapshot().context.errors.childSeats).toBe(m.childSeatsTooMany(6));
  });

  it('Next on an empty form shows the contract messages and stays on step 1', () => {
    start();
    send({ type: 'general.change', field: 'time', value: '' });
    send({ type: 'general.change', field: 'passengers', value: '0' });
    send({ type: 'byTheHour.toggle', enabled: true });
    send({ type: 'stop.toggle', index: 0, enabled: true });
    send({ type: 'general.change', field: 'notes', value: 'Gate #4' });
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
    expect(harness().emitted).toContainEqual({
      type: 'invalid',
      fields: snapshot().context.errors,
    });
    expect(harness().calls.fetchQuote).toHaveLength(0);
  });

  it('a pickup less than an hour from now is refused', () => {
    start({ now: () => new Date('2026-06-10T00:30:00Z') });
    fillTrip(harness().actor);
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
    fillTrip(harness().actor);
    send({ type: 'stop.toggle', index: 0, enabled: true });
    send({ type: 'place.choose', field: 'stops.0', place: places.southBank });
    send({ type: 'place.details', field: 'stops.0', details: '1 Grey Street' });
    send({ type: 'wizard.next' });
    expect(snapshot().value).toEqual({ general: 'quoting' });
    expect(harness().calls.fetchQuote).toEqual([{ request: draftToQuoteRequest(draft()) }]);
    // A second Next while the quote is in flight does nothing.
    send({ type: 'wizard.next' });
    expect(harness().calls.fetchQuote).toHaveLength(1);

    const quote = quoteFor();
    await harness().settle('fetchQuote', quote);
    expect(snapshot().value).toBe('vehicle');
    expect(snapshot().context.quote).toBe(quote);
    expect(draft()).toMatchObject({ quoteToken: quote.quoteToken, vehicles: quote.vehicles });
    // Distance and duration are the quote's, as the summary shows them.
    expect(snapshot().context.quote).toMatchObject({
      distanceText: '17.3 km',
      distanceMeters: 17_300,
      durationText: '25 mins',
    });
    expect(harness().emitted).toContainEqual({ type: 'quote', quote });
    expect(harness().emitted).toContainEqual({ type: 'step', index: 1 });
  });

  it('a refused quote keeps step 1 with the server message and its field errors', async () => {
    start();
    fillTrip(harness().actor);
    send({ type: 'wizard.next' });
    await harness().fail('fetchQuote', {
      code: 'route_unavailable',
      message: 'We could not measure this route. Please call us on 1300 975 707.',
      fields: { drop: m.dropRequired },
    });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(snapshot().context.notice).toBe(
      'We could not measure this route. Please call us on 1300 975 707.',
    );
    expect(snapshot().context.errors).toEqual({ drop: m.dropRequired });
    expect(harness().emitted).toContainEqual({
      type: 'failure',
      code: 'route_unavailable',
      message: 'We could not measure this route. Please call us on 1300 975 707.',
      step: 0,
    });
  });

  it('a page the site refuses says so on step 1 before any Next', () => {
    start();
    const refused =
      'Online booking is not enabled on this website. Book at https://book.example or call 1300 975 707.';
    send({ type: 'origin.refused', message: refused });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(snapshot().context.notice).toBe(refused);
  });

  it('switching By the Hour off re-quotes a trip that has a quote, and updates the fare', async () => {
    await toVehicleStep();
    send({ type: 'vehicle.select', vehicleId: vehicles.sedan.id });
    send({ type: 'wizard.previous' });
    expect(snapshot().value).toEqual({ general: 'editing' });
    send({ type: 'byTheHour.toggle', enabled: true });
    expect(harness().calls.fetchQuote).toHaveLength(1);
    send({ type: 'byTheHour.toggle', enabled: false });
    expect(snapshot().value).toEqual({ general: 'requoting' });
    expect(harness().calls.fetchQuote).toHaveLength(2);
    expect(harness().calls.fetchQuote[1]).toEqual({ request: draftToQuoteRequest(draft()) });

    const repriced = quoteFor({
      vehicles: [{ ...vehicles.sedan, ...pricedAt(8800) }, vehicles.suv],
    });
    await harness().settle('fetchQuote', repriced);
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(total()).toBe(8800);
    expect(draft().vehicleId).toBe(vehicles.sedan.id);
  });

  it('switching By the Hour off does not re-quote before the first quote', () => {
    start();
    fillTrip(harness().actor);
    send({ type: 'byTheHour.toggle', enabled: true });
    send({ type: 'byTheHour.toggle', enabled: false });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(harness().calls.fetchQuote).toHaveLength(0);
  });

  it('a Next before the rules arrived waits for them, then checks the step', async () => {
    start({ rules: null });
    fillTrip(harness().actor);
    send({ type: 'wizard.next' });
    expect(snapshot().value).toEqual({ general: 'awaitingRules' });
    // The machine's own background load and the wait both ask for the rules.
    expect(harness().calls.loadRules.length).toBeGreaterThanOrEqual(1);
    await harness().settle('loadRules', bookingRules);
    expect(snapshot().value).toEqual({ general: 'quoting' });
  });
});
