// Steps 2 to 4 of the booking wizard (vehicle, passenger, summary) and Clear Form, driven through
// a real actor with the API replaced by promises the test settles (booking-machine.fixtures.ts).
import { messages } from '@business-chauffeur/booking-contract';
import { draftToBookingRequest } from '@business-chauffeur/booking-contract/widget';
import { describe, expect, it } from 'vitest';
import {
  fillPassenger,
  fillTrip,
  quoteFor,
  wizardUnderTest,
  vehicles,
} from './booking-machine.fixtures';
import { selectedVehicle, stepOf, totalOf } from './selectors';
const m = messages.booking;

const { harness, start, snapshot, draft, send, toVehicleStep, toPassengerStep } = wizardUnderTest();
const total = () => totalOf(snapshot().context);

describe('step 2: vehicle selection', () => {
  it('opening the step clears fee and selection', async () => {
    await toVehicleStep();
    send({ type: 'vehicle.select', vehicleId: vehicles.suv.id });
    expect(total()).toBe(12_000);
    send({ type: 'wizard.previous' });
    send({ type: 'wizard.next' });
    await harness().settle('fetchQuote', quoteFor());
    expect(snapshot().value).toBe('vehicle');
    expect(total()).toBe(0);
    expect(draft().vehicleId).toBeNull();
    expect(selectedVehicle(snapshot().context)).toBeUndefined();
  });

  it('selecting stores fee, id, type and title', async () => {
    await toVehicleStep();
    send({ type: 'vehicle.select', vehicleId: vehicles.sedan.id });
    expect(total()).toBe(9550);
    expect(draft().vehicleId).toBe('vehicleType.sedan');
    expect(selectedVehicle(snapshot().context)).toMatchObject({
      id: 'vehicleType.sedan',
      type: 'sedan',
      title: 'Executive Sedan',
    });
  });

  it('a vehicle that cannot carry the passengers cannot be selected', async () => {
    await toVehicleStep();
    expect(snapshot().can({ type: 'vehicle.select', vehicleId: vehicles.coupe.id })).toBe(false);
    send({ type: 'vehicle.select', vehicleId: vehicles.coupe.id });
    expect(draft().vehicleId).toBeNull();
  });

  it('a vehicle that cannot take the extras asked for cannot be selected', async () => {
    start();
    fillTrip(harness().actor);
    send({ type: 'childSeats.change', kind: 'booster', value: '1' });
    send({ type: 'wizard.next' });
    const reason = 'Child seats are not available in sedans.';
    const sedan = { ...vehicles.sedan, lines: [], totalCents: null, gstCents: null };
    await harness().settle(
      'fetchQuote',
      quoteFor({ vehicles: [{ ...sedan, unavailableReason: reason }, vehicles.suv] }),
    );
    expect(snapshot().can({ type: 'vehicle.select', vehicleId: vehicles.sedan.id })).toBe(false);
    send({ type: 'vehicle.select', vehicleId: vehicles.suv.id });
    expect(draft().vehicleId).toBe(vehicles.suv.id);
  });

  it('a fleet link pre-selects its vehicle the first time the step opens', async () => {
    await toVehicleStep({ prefill: { vehicle: 'suv' } });
    expect(draft().vehicleId).toBe(vehicles.suv.id);
    expect(total()).toBe(12_000);
    send({ type: 'wizard.previous' });
    send({ type: 'wizard.next' });
    await harness().settle('fetchQuote', quoteFor());
    expect(draft().vehicleId).toBeNull();
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
    expect(stepOf(snapshot())).toBe(2);
  });

  it('Previous goes back to step 1', async () => {
    await toVehicleStep();
    send({ type: 'wizard.previous' });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(stepOf(snapshot())).toBe(0);
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
    fillPassenger(harness().actor);
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
    fillPassenger(harness().actor, 'bookingPerson');
    send({ type: 'wizard.next' });
    expect(snapshot().value).toBe('summary');
    expect(draft().bookingPerson).toMatchObject({ firstName: 'Grace' });
  });

  it('Previous goes back to the vehicle step, which clears the selection', async () => {
    await toPassengerStep();
    send({ type: 'wizard.previous' });
    expect(snapshot().value).toBe('vehicle');
    expect(draft().vehicleId).toBeNull();
  });
});

describe('step 4: summary', () => {
  it('Next opens the payment step and saves the booking; Previous goes back', async () => {
    await toPassengerStep();
    fillPassenger(harness().actor);
    send({ type: 'wizard.next' });
    expect(snapshot().value).toBe('summary');
    send({ type: 'wizard.previous' });
    expect(snapshot().value).toBe('passenger');
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    expect(snapshot().value).toEqual({ payment: 'saving' });
    const key = snapshot().context.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(harness().calls.createBooking).toEqual([
      {
        request: draftToBookingRequest(draft(), key ?? undefined),
        partner: null,
        idempotencyKey: key,
      },
    ]);
  });
});

describe('Clear Form', () => {
  it('from any step before saving: back to a fresh step 1, errors gone, profile kept', async () => {
    const profile = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    await toVehicleStep({ profile });
    send({ type: 'vehicle.select', vehicleId: vehicles.sedan.id });
    send({ type: 'wizard.previous' });
    send({ type: 'general.change', field: 'notes', value: 'bad #' });
    send({ type: 'wizard.next' });
    expect(snapshot().context.errors.notes).toBe(m.notesCharacters);
    send({ type: 'wizard.clear' });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(snapshot().context.errors).toEqual({});
    expect(snapshot().context.quote).toBeNull();
    expect(draft().trip.pickup.placeId).toBeNull();
    expect(draft().trip.notes).toBe('');
    expect(total()).toBe(0);
    expect(draft().passenger).toMatchObject(profile);
  });

  it('from the passenger step it returns to step 1', async () => {
    await toPassengerStep();
    fillPassenger(harness().actor);
    send({ type: 'wizard.clear' });
    expect(snapshot().value).toEqual({ general: 'editing' });
    expect(stepOf(snapshot())).toBe(0);
    expect(draft().passenger.firstName).toBe('');
    expect(
      harness()
        .emitted.filter((event) => event.type === 'step')
        .at(-1),
    ).toEqual({
      type: 'step',
      index: 0,
    });
  });
});
