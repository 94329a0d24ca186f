// A draft written by the widget before the form draft lost the stored booking's layout (storage
// version 1) is mapped to today's draft and step when it can be read, and dropped when it cannot.
import { createBookingDraft } from '@business-chauffeur/booking-contract/widget';
import { describe, expect, it } from 'vitest';
import { NOW, quoteFor, vehicles } from './booking-machine.fixtures';
import { createDraftStore, draftKey, parseStored } from './draft-storage';

const now = NOW.getTime();
const contact = { firstName: '', lastName: '', email: '', mobileNumber: '', countryCode: '+61' };
const stop = (location = '', placeId: string | null = null, enabled = false) => ({
  location,
  placeId,
  enabled,
});

/** Exactly what version 1 wrote: the passenger step of a trip with one stop, by the hour. */
function version1(overrides: Record<string, unknown> = {}) {
  return {
    version: 1,
    savedAt: now - 60_000,
    draft: {
      bookingId: null,
      bookingReferenceId: null,
      bookingStatus: 'DRAFT',
      bookingFee: 95.5,
      selectedVehicleId: vehicles.sedan.id,
      isBookingLogged: false,
      flagForDistanceCalculation: false,
      pageDisplay: { currentTab: 2, nextTab: 3, stepIndicator: 2 },
      location: {
        pickupLocation: 'Brisbane Airport (BNE) Domestic Terminal',
        fromPlaceId: 'bne-domestic',
        dropLocation: 'Brisbane CBD',
        toPlaceId: 'brisbane-cbd',
        fromLocationFlag: true,
        stops: [stop('South Bank, Brisbane', 'south-bank', true), stop(), stop(), stop()],
      },
      generalDetails: {
        bookingDate: '2026-06-10',
        bookingTime: '14:30',
        passengersCount: 3,
        expectedEndTime: null,
        byTheHourCheck: true,
        numberOfHours: 2.5,
        creationDate: null,
        modifiedDate: null,
        specialInstructions: 'Child seat',
      },
      distanceMatrix: {
        tollFees: 0,
        changeFlag: false,
        distance: { text: '17.3 km', value: 17_300, unit: 'km' },
        duration: { text: '25 mins', value: 25, unit: 'minutes' },
      },
      vehicleSelection: { id: vehicles.sedan.id, type: 'sedan', name: 'Executive Sedan' },
      passengerDetails: {
        ...contact,
        firstName: 'Ada',
        email: 'ada@example.com',
        onBehalfCheck: true,
        bookingPerson: { ...contact, firstName: 'Grace', countryCode: '+64' },
      },
      paymentDetails: {
        amount: 0,
        currency: 'AUD',
        paymentRefId: null,
        paymentIntentId: null,
        error: null,
      },
      quoteToken: 'signed.quote.token',
      vehicles: quoteFor().vehicles,
    },
    quote: quoteFor(),
    booking: null,
    idempotencyKey: 'key-1',
    ...overrides,
  };
}

describe('a version 1 draft', () => {
  it('is mapped to the form draft and its step', () => {
    const restored = parseStored(JSON.stringify(version1()), now);
    const expected = createBookingDraft();
    expected.trip = {
      ...expected.trip,
      pickup: {
        text: 'Brisbane Airport (BNE) Domestic Terminal',
        placeId: 'bne-domestic',
        kind: null,
        details: '',
      },
      drop: { text: 'Brisbane CBD', placeId: 'brisbane-cbd', kind: null, details: '' },
      stops: [
        {
          text: 'South Bank, Brisbane',
          placeId: 'south-bank',
          kind: null,
          details: '',
          enabled: true,
        },
        ...expected.trip.stops.slice(1),
      ] as typeof expected.trip.stops,
      date: '2026-06-10',
      time: '14:30',
      passengers: 3,
      byTheHour: true,
      hours: 2.5,
      notes: 'Child seat',
    };
    expected.vehicleId = vehicles.sedan.id;
    expected.passenger = { ...contact, firstName: 'Ada', email: 'ada@example.com' };
    expected.onBehalf = true;
    expected.bookingPerson = { ...contact, firstName: 'Grace', countryCode: '+64' };
    expected.quoteToken = 'signed.quote.token';
    expected.vehicles = quoteFor().vehicles;
    expect(restored).toEqual({
      step: 2,
      draft: expected,
      quote: quoteFor(),
      booking: null,
      idempotencyKey: 'key-1',
    });
  });

  it('fills what it lacks from a fresh draft', () => {
    const stored = version1();
    const { passengerDetails: _people, ...rest } = stored.draft;
    const lean = {
      ...rest,
      passengerDetails: { onBehalfCheck: false },
      location: { ...rest.location, stops: 'none' },
    };
    const restored = parseStored(JSON.stringify({ ...stored, draft: lean }), now);
    expect(restored?.draft.passenger).toEqual(createBookingDraft().passenger);
    expect(restored?.draft.trip.stops).toEqual(createBookingDraft().trip.stops);
    expect(restored?.draft.trip.pickup.placeId).toBe('bne-domestic');
  });

  it('is dropped, and removed from storage, when it cannot be read', () => {
    const broken = [
      version1({ draft: null }),
      version1({ draft: { ...version1().draft, pageDisplay: { currentTab: 7 } } }),
      version1({ draft: { ...version1().draft, location: 'Brisbane' } }),
      version1({ draft: { ...version1().draft, vehicles: undefined } }),
      version1({ booking: { bookingId: 1 } }),
    ];
    for (const value of broken) expect(parseStored(JSON.stringify(value), now)).toBeNull();

    const items = new Map([[draftKey('/booking', null), JSON.stringify(broken[1])]]);
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      removeItem: (key: string) => void items.delete(key),
    } as Storage;
    const store = createDraftStore(
      () => storage,
      draftKey('/booking', null),
      () => now,
    );
    expect(store.load()).toBeNull();
    expect(items.size).toBe(0);
  });
});
