// The draft kept in session storage (draft-storage.ts) and the wizard restored from it
// (booking-machine.ts, state `start`): what is written and when, what is never written (card
// data), storage that fails, and where a restored wizard opens.
import {
  createBookingDraft,
  widgetMessages,
  type BookingDraft,
  type WizardTab,
} from '@business-chauffeur/booking-contract/widget';
import { afterEach, describe, expect, it } from 'vitest';
import type { RestoredDraft } from './types';
import {
  createHarness,
  fareLine,
  fillPassenger,
  fillTrip,
  NOW,
  quoteFor,
  savedBooking,
  succeeded,
  vehicles,
  type Harness,
} from './booking-machine.fixtures';
import {
  createDraftStore,
  draftKey,
  DRAFT_MAX_AGE_MS,
  parseStored,
  persistDraft,
  sessionStorageOrNull,
  toStored,
} from './draft-storage';

const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '987' };
const KEY = draftKey('/booking', null);

/** A Storage over a Map, with switches to make it fail the way browsers do. */
function memoryStorage() {
  const items = new Map<string, string>();
  const failing = { get: false, set: false, remove: false };
  const storage = {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem(key: string) {
      if (failing.get) throw new DOMException('blocked', 'SecurityError');
      return items.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      if (failing.set) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem(key: string) {
      if (failing.remove) throw new DOMException('blocked', 'SecurityError');
      items.delete(key);
    },
    clear: () => items.clear(),
  } satisfies Storage;
  return { storage, items, failing };
}

let harness: Harness | undefined;
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  harness?.actor.stop();
  harness = undefined;
  stop = undefined;
});

/** A wizard persisted into fresh memory storage. */
function persisted(restored: RestoredDraft | null = null) {
  const memory = memoryStorage();
  const store = createDraftStore(
    () => memory.storage,
    KEY,
    () => NOW.getTime(),
  );
  harness = createHarness({ restored });
  harness.actor.start();
  stop = persistDraft(harness.actor, store);
  const saved = () => {
    const text = memory.items.get(KEY);
    return text ? (JSON.parse(text) as { step: number; draft: BookingDraft }) : null;
  };
  return { ...memory, store, harness, saved };
}

async function toPassenger(h: Harness) {
  fillTrip(h.actor);
  h.actor.send({ type: 'wizard.next' });
  await h.settle('fetchQuote', quoteFor());
  h.actor.send({ type: 'vehicle.select', vehicleId: vehicles.sedan.id });
  h.actor.send({ type: 'wizard.next' });
}

describe('the key', () => {
  it('is per page, partner and prefill', () => {
    const none = { pickup: null, drop: null, date: null, passengers: null, vehicle: null };
    expect(draftKey('/booking', null)).toBe('chauffeur-booking:draft:/booking:');
    expect(draftKey('/booking', null, none)).toBe('chauffeur-booking:draft:/booking:');
    expect(draftKey('/transfers', 'riverside-grand')).toBe(
      'chauffeur-booking:draft:/transfers:riverside-grand',
    );
    expect(draftKey('/booking', null, { ...none, vehicle: 'premium-suv', passengers: 3 })).toBe(
      'chauffeur-booking:draft:/booking::|||3|premium-suv',
    );
  });
});

describe('saving', () => {
  it('writes nothing until the customer changes something', () => {
    const { items, harness: h } = persisted();
    expect(items.size).toBe(0);
    h.actor.send({ type: 'general.change', field: 'passengers', value: '3' });
    expect(items.size).toBe(1);
  });

  it('keeps the entered values and the step, and reads them back', async () => {
    const { store, saved, harness: h } = persisted();
    await toPassenger(h);
    fillPassenger(h.actor);
    const draft = saved()?.draft;
    expect(saved()?.step).toBe(2);
    expect(draft?.trip.pickup.placeId).toBe('bne-domestic');
    expect(draft?.passenger.firstName).toBe('Ada');
    const restored = store.load();
    expect(restored?.draft.vehicleId).toBe(vehicles.sedan.id);
    expect(restored?.quote?.quoteToken).toBe('signed.quote.token');
    expect(restored?.booking).toBeNull();
  });

  it('keeps the saved booking and its idempotency key on the payment step', async () => {
    const { store, harness: h } = persisted();
    await toPassenger(h);
    fillPassenger(h.actor);
    h.actor.send({ type: 'wizard.next' });
    h.actor.send({ type: 'wizard.next' });
    const key = h.actor.getSnapshot().context.idempotencyKey;
    await h.settle('createBooking', savedBooking());
    const restored = store.load();
    expect(restored?.booking?.bookingReferenceId).toBe('MH3K9Q2A');
    expect(restored?.booking?.payment.clientSecret).toBe('pi_sandbox_1_secret');
    expect(restored?.idempotencyKey).toBe(key);
    expect(restored?.step).toBe(4);
  });

  it('never writes card data, and clears the draft once the booking is paid', async () => {
    const { items, harness: h } = persisted();
    await toPassenger(h);
    fillPassenger(h.actor);
    h.actor.send({ type: 'wizard.next' });
    h.actor.send({ type: 'wizard.next' });
    await h.settle('createBooking', savedBooking());
    const writes: string[] = [];
    const setItem = items.set.bind(items);
    items.set = (key, value) => {
      writes.push(value);
      return setItem(key, value);
    };
    h.actor.send({ type: 'terms.toggle', accepted: true });
    h.actor.send({ type: 'payment.submit', method: { provider: 'sandbox', card } });
    const texts = [...writes, ...items.values()].join('\n');
    // The draft holds random keys (hex), so a card digit run is looked for as a value of its own.
    for (const secret of ['4242 4242', '42424242', '12/34']) expect(texts).not.toContain(secret);
    expect(texts).not.toMatch(/(^|[^0-9a-z])987([^0-9a-z]|$)/i);
    await h.settle('confirmPayment', succeeded);
    expect(h.actor.getSnapshot().matches({ payment: 'succeeded' })).toBe(true);
    expect(items.size).toBe(0);
  });

  it('writes only named fields of the draft', () => {
    const draft = createBookingDraft();
    const smuggled = {
      ...draft,
      paymentDetails: { paymentRefId: card.number, error: { code: 'x', description: card.cvc } },
      card,
    };
    const text = JSON.stringify(
      toStored({ step: 4, draft: smuggled, quote: null, booking: null, idempotencyKey: null }, 1),
    );
    expect(text).not.toContain('4242');
    expect(text).not.toContain(card.cvc);
  });

  it('clears the draft on Clear Form and writes nothing until the next change', () => {
    const { items, harness: h } = persisted();
    h.actor.send({ type: 'general.change', field: 'passengers', value: '3' });
    expect(items.size).toBe(1);
    h.actor.send({ type: 'wizard.clear' });
    expect(items.size).toBe(0);
    h.actor.send({ type: 'general.change', field: 'notes', value: 'Child seat' });
    expect(items.size).toBe(1);
  });
});

describe('storage that fails', () => {
  it('is missing or blocked: nothing is kept, nothing throws', () => {
    const blocked = createDraftStore(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    }, KEY);
    const missing = createDraftStore(() => null, KEY);
    for (const store of [blocked, missing]) {
      expect(store.load()).toBeNull();
      expect(() => store.save(toRestorable())).not.toThrow();
      expect(() => store.clear()).not.toThrow();
    }
  });

  it('is full or throws on every call: the wizard goes on', () => {
    const { harness: h, failing, items, storage } = persisted();
    failing.set = true;
    h.actor.send({ type: 'general.change', field: 'passengers', value: '3' });
    expect(items.size).toBe(0);
    failing.get = true;
    failing.remove = true;
    expect(createDraftStore(() => storage, KEY).load()).toBeNull();
    h.actor.send({ type: 'wizard.clear' });
    expect(h.actor.getSnapshot().matches({ general: 'editing' })).toBe(true);
  });

  it('has no sessionStorage (a worker, node): null', () => {
    expect(sessionStorageOrNull()).toBeNull();
  });
});

function toRestorable(overrides: Partial<RestoredDraft> = {}, step: WizardTab = 2): RestoredDraft {
  const draft = createBookingDraft();
  draft.trip.pickup = {
    text: 'Brisbane Airport (BNE) Domestic Terminal',
    placeId: 'bne-domestic',
    kind: null,
    details: '',
  };
  draft.trip.drop = { text: 'Brisbane CBD', placeId: 'brisbane-cbd', kind: null, details: '' };
  draft.trip.date = '2026-06-10';
  draft.vehicles = quoteFor().vehicles;
  draft.vehicleId = vehicles.sedan.id;
  draft.passenger.firstName = 'Ada';
  return { step, draft, quote: quoteFor(), booking: null, idempotencyKey: 'key-1', ...overrides };
}

describe('reading back', () => {
  const now = NOW.getTime();
  const text = (value: unknown) => JSON.stringify(value);

  it('drops what is not a draft of this version, or too old', () => {
    const good = toStored(toRestorable(), now);
    expect(parseStored(text(good), now)).not.toBeNull();
    expect(parseStored(null, now)).toBeNull();
    expect(parseStored('{not json', now)).toBeNull();
    expect(parseStored(text({ ...good, version: 3 }), now)).toBeNull();
    expect(parseStored(text(good), now + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    const badTab = { ...good, step: 9 };
    expect(parseStored(text(badTab), now)).toBeNull();
    expect(parseStored(text({ ...good, booking: { bookingId: 1 } }), now)).toBeNull();
    expect(parseStored(text({ ...good, quote: { quoteToken: 'x' } }), now)).toBeNull();
  });

  it('removes a stale draft from storage', () => {
    const { storage, items } = memoryStorage();
    items.set(KEY, text(toStored(toRestorable(), now - DRAFT_MAX_AGE_MS - 1)));
    expect(
      createDraftStore(
        () => storage,
        KEY,
        () => now,
      ).load(),
    ).toBeNull();
    expect(items.size).toBe(0);
  });

  it('fills fields a draft lacks from a fresh draft', () => {
    const stored = toStored(toRestorable(), now);
    const { notes: _dropped, ...trip } = stored.draft.trip;
    const restored = parseStored(text({ ...stored, draft: { ...stored.draft, trip } }), now);
    expect(restored?.draft.trip.notes).toBe('');
    expect(restored?.draft.trip.date).toBe('2026-06-10');
  });

  it('reads a draft saved before the extras with none asked for', () => {
    const stored = toStored(toRestorable(), now);
    const { childSeats: _seats, trailer: _trailer, ...trip } = stored.draft.trip;
    const restored = parseStored(text({ ...stored, draft: { ...stored.draft, trip } }), now);
    expect(restored?.draft.trip.childSeats).toEqual({ babyCapsule: 0, childSeat: 0, booster: 0 });
    expect(restored?.draft.trip.trailer).toBe(false);
    expect(restored?.draft.trip.passengers).toBe(stored.draft.trip.passengers);
  });

  it('keeps the extras asked for, and fills a kind of seat a draft lacks', () => {
    const stored = toStored(toRestorable(), now);
    const trip = { ...stored.draft.trip, childSeats: { booster: 2 }, trailer: true };
    const restored = parseStored(text({ ...stored, draft: { ...stored.draft, trip } }), now);
    expect(restored?.draft.trip.childSeats).toEqual({ babyCapsule: 0, childSeat: 0, booster: 2 });
    expect(restored?.draft.trip.trailer).toBe(true);
  });

  it('reads a draft saved before luggage was asked with none, and keeps luggage asked for', () => {
    const stored = toStored(toRestorable(), now);
    const { suitcases: _suitcases, smallBags: _smallBags, ...trip } = stored.draft.trip;
    const old = parseStored(text({ ...stored, draft: { ...stored.draft, trip } }), now);
    expect(old?.draft.trip).toMatchObject({ suitcases: 0, smallBags: 0 });
    const packed = { ...stored.draft.trip, suitcases: 3, smallBags: 2 };
    const kept = parseStored(text({ ...stored, draft: { ...stored.draft, trip: packed } }), now);
    expect(kept?.draft.trip).toMatchObject({ suitcases: 3, smallBags: 2 });
  });

  it('drops a quote or booking saved before fares came in lines', () => {
    const good = toStored(toRestorable({ booking: savedBooking() }), now);
    const { lines: _lines, ...oldBooking } = savedBooking();
    expect(parseStored(text({ ...good, booking: oldBooking }), now)).toBeNull();
    const oldCards = quoteFor().vehicles.map(({ lines: _cardLines, ...card }) => card);
    const oldQuote = { ...quoteFor(), vehicles: oldCards };
    expect(parseStored(text({ ...good, quote: oldQuote }), now)).toBeNull();
  });
  it('reads a booking the previous release stored with its total in dollars, in cents', () => {
    const good = toStored(toRestorable({ booking: savedBooking() }), now);
    const { totalCents: _cents, ...rest } = savedBooking({
      lines: [
        fareLine(9550),
        { ...fareLine(-955), kind: 'discount', label: 'Discount (WELCOME10)' },
      ],
    });
    const previous = { ...rest, amount: 85.95 };
    const restored = parseStored(text({ ...good, booking: previous }), now);
    expect(restored?.booking?.totalCents).toBe(8595);
    expect(restored?.booking).not.toHaveProperty('amount');
    // A total that is neither: the draft is not one this version can read.
    const broken = { ...savedBooking(), totalCents: 85.95 };
    expect(parseStored(text({ ...good, booking: broken }), now)).toBeNull();
  });
});

describe('the wizard restored', () => {
  function restore(restored: RestoredDraft) {
    harness = createHarness({ restored, prefill: { vehicle: 'suv', date: '2026-07-01' } });
    harness.actor.start();
    return harness;
  }

  it('opens on the step it was on, with the values, ignoring the prefill', () => {
    const h = restore(toRestorable());
    const { context } = h.actor.getSnapshot();
    expect(h.actor.getSnapshot().matches('passenger')).toBe(true);
    expect(context.draft.passenger.firstName).toBe('Ada');
    expect(context.draft.trip.date).toBe('2026-06-10');
    expect(context.draft.vehicleId).toBe(vehicles.sedan.id);
    expect(context.preferredVehicle).toBeNull();
    expect(h.calls.fetchQuote).toHaveLength(0);
  });

  it('opens step 1 and the summary where they were', () => {
    expect(restore(toRestorable({}, 0)).actor.getSnapshot().matches('general')).toBe(true);
    harness?.actor.stop();
    expect(restore(toRestorable({}, 3)).actor.getSnapshot().matches('summary')).toBe(true);
  });

  it('keeps the vehicle selected when it reopens the vehicle step', () => {
    const h = restore(toRestorable({}, 1));
    expect(h.actor.getSnapshot().matches('vehicle')).toBe(true);
    expect(h.actor.getSnapshot().context.draft.vehicleId).toBe(vehicles.sedan.id);
  });

  it('asks for a new quote when the restored one expired, keeping values and vehicle', async () => {
    const expired = quoteFor({ expiresAt: new Date(NOW.getTime() + 60_000).toISOString() });
    const h = restore(toRestorable({ quote: expired }, 3));
    expect(h.actor.getSnapshot().matches({ general: 'quoting' })).toBe(true);
    expect(h.actor.getSnapshot().context.draft.passenger.firstName).toBe('Ada');
    await h.settle('fetchQuote', quoteFor({ quoteToken: 'fresh.token' }));
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.matches('vehicle')).toBe(true);
    expect(snapshot.context.draft.quoteToken).toBe('fresh.token');
    expect(snapshot.context.draft.vehicleId).toBe(vehicles.sedan.id);
  });

  it('saves with the same idempotency key when reloaded while saving', async () => {
    const h = restore(toRestorable({}, 4));
    expect(h.actor.getSnapshot().matches({ payment: 'saving' })).toBe(true);
    expect(h.calls.createBooking[0]).toMatchObject({ idempotencyKey: 'key-1' });
  });

  it('resumes a saved booking on the payment step once the server answered', async () => {
    const h = restore(toRestorable({ booking: savedBooking() }, 4));
    expect(h.actor.getSnapshot().matches({ payment: 'resuming' })).toBe(true);
    expect(h.calls.checkPayment).toEqual([{ booking: savedBooking() }]);
    await h.settle('checkPayment', { status: 'requires_payment_method', error: null });
    expect(h.actor.getSnapshot().matches({ payment: 'ready' })).toBe(true);
    expect(h.calls.createBooking).toHaveLength(0);
    h.actor.send({ type: 'terms.toggle', accepted: true });
    h.actor.send({ type: 'payment.submit', method: { provider: 'sandbox', card } });
    await h.settle('confirmPayment', succeeded);
    expect(h.emitted.filter((event) => event.type === 'completed')).toHaveLength(1);
  });

  it('keeps the promo code applied to a restored booking in the field', () => {
    const h = restore(toRestorable({ booking: savedBooking({ promoCode: 'WELCOME10' }) }, 4));
    expect(h.actor.getSnapshot().context.promo).toEqual({ code: 'WELCOME10', message: null });
  });

  it('completes a booking paid before the reload, and watches one still processing', async () => {
    let h = restore(toRestorable({ booking: savedBooking() }, 4));
    await h.settle('checkPayment', succeeded);
    expect(h.actor.getSnapshot().matches({ payment: 'succeeded' })).toBe(true);
    expect(h.emitted.filter((event) => event.type === 'completed')).toHaveLength(1);
    h.actor.stop();
    h = restore(toRestorable({ booking: savedBooking() }, 4));
    await h.settle('checkPayment', { status: 'processing', error: null });
    expect(h.actor.getSnapshot().matches({ payment: 'processing' })).toBe(true);
    expect(h.actor.getSnapshot().context.paymentNotice).toBe(widgetMessages.payment.processing);
  });

  it('goes back to the summary when the server no longer knows the booking', async () => {
    const h = restore(toRestorable({ booking: savedBooking() }, 4));
    await h.fail('checkPayment', { code: 'not_found', message: 'Booking not found.' });
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.matches('summary')).toBe(true);
    expect(snapshot.context.booking).toBeNull();
    expect(snapshot.context.idempotencyKey).toBeNull();
  });

  it('shows the payment form when the status could not be read', async () => {
    const h = restore(toRestorable({ booking: savedBooking() }, 4));
    await h.fail('checkPayment', { code: 'network', message: 'Offline.' });
    expect(h.actor.getSnapshot().matches({ payment: 'ready' })).toBe(true);
  });
});
