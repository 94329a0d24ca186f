// The customer's draft in session storage, so a reload (or the site restarting mid-journey and
// the customer reloading) opens the wizard where they were, with what they entered; and once the
// booking is saved, on its payment step again (the booking itself is on the server). Per tab and
// per page (session storage is both), per partner label. Never card data: the machine does not hold
// it, and only named fields of the draft are written. Storage that is missing, blocked or full
// (private modes, strict cookie settings) only means nothing is kept.
import {
  type BookingResponse,
  type FareLine,
  type QuoteResponse,
} from '@business-chauffeur/booking-contract';
import {
  createBookingDraft,
  emptyPlace,
  type BookingDraft,
  type DraftStop,
  type WizardTab,
} from '@business-chauffeur/booking-contract/widget';
import type { ActorRefFrom } from 'xstate';
import type { BookingMachine } from './booking-machine';
import { fromVersion1 } from './draft-storage-v1';
import { stepOf } from './selectors';
import type { RestoredDraft } from './types';

/** 2: the form draft and its step; 1 (read, never written): the stored booking's layout. */
const VERSION = 2;
/** Older drafts are dropped: a day-old trip is not what the customer came back for. */
export const DRAFT_MAX_AGE_MS = 24 * 3_600_000;

interface StoredDraft extends RestoredDraft {
  version: typeof VERSION;
  savedAt: number;
}

/**
 * One key per page, partner label and prefill: a reload (same page, same attributes) finds the
 * draft again, while a link that prefills something else (a fleet "Book Now" for another vehicle)
 * opens a fresh wizard, as it asks. Two widgets alike on one page share it.
 */
export function draftKey(
  pathname: string,
  partner: string | null,
  prefill: Record<string, string | number | null> = {},
): string {
  const values = Object.values(prefill);
  const signature = values.some((value) => value !== null)
    ? `:${values.map((value) => value ?? '').join('|')}`
    : '';
  return `chauffeur-booking:draft:${pathname}:${partner ?? ''}${signature}`;
}

/** The form draft's own fields, by name: nothing else that found its way in is written. */
function formFields(draft: BookingDraft): BookingDraft {
  const { trip, vehicleId, passenger, onBehalf, bookingPerson, quoteToken, vehicles } = draft;
  return { trip, vehicleId, passenger, onBehalf, bookingPerson, quoteToken, vehicles };
}

/** What is written: named fields only, so nothing a card form could hold ever reaches storage. */
export function toStored(restorable: RestoredDraft, savedAt: number): StoredDraft {
  return {
    version: VERSION,
    savedAt,
    step: restorable.step,
    draft: formFields(restorable.draft),
    quote: restorable.quote,
    booking: restorable.booking,
    idempotencyKey: restorable.idempotencyKey,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function validQuote(value: unknown): value is QuoteResponse {
  return (
    isObject(value) &&
    typeof value.quoteToken === 'string' &&
    typeof value.expiresAt === 'string' &&
    isObject(value.trip) &&
    Array.isArray(value.legs) &&
    Array.isArray(value.vehicles) &&
    value.vehicles.every((card) => isObject(card) && Array.isArray(card.lines))
  );
}

function validBooking(value: unknown): value is BookingResponse {
  return (
    isObject(value) &&
    typeof value.bookingId === 'string' &&
    typeof value.bookingReferenceId === 'string' &&
    Number.isInteger(value.totalCents) &&
    Array.isArray(value.lines) &&
    isObject(value.payment) &&
    typeof value.payment.clientSecret === 'string'
  );
}

/**
 * A booking as the previous release's widget stored it (its total in dollars, as `amount`) with
 * its total in cents: the sum of its lines, which the total always was. Anything else as it is.
 */
function withTotalCents(value: unknown): unknown {
  if (!isObject(value) || 'totalCents' in value || !Array.isArray(value.lines)) return value;
  const lines = value.lines as unknown[];
  if (!lines.every((line) => isObject(line) && Number.isInteger(line.amountCents))) return value;
  const { amount: _dollars, ...rest } = value;
  // Summed here, not with the contract's sumLines: fare-lines.ts declares Zod schemas, which the
  // step-1 bundle must not bring in (the widget's size budget).
  const totalCents = (lines as FareLine[]).reduce((sum, line) => sum + line.amountCents, 0);
  return { ...rest, totalCents };
}

const validStep = (step: unknown): step is WizardTab =>
  typeof step === 'number' && Number.isInteger(step) && step >= 0 && step <= 4;

/** A version 2 draft laid over a fresh one, so a field added since still has a value. */
function fromVersion2(
  step: unknown,
  draft: unknown,
): { step: WizardTab; draft: BookingDraft } | null {
  if (
    !validStep(step) ||
    !isObject(draft) ||
    !isObject(draft.trip) ||
    !isObject(draft.passenger) ||
    !isObject(draft.bookingPerson) ||
    !Array.isArray(draft.vehicles)
  ) {
    return null;
  }
  const fresh = createBookingDraft();
  const saved = draft as unknown as BookingDraft;
  return {
    step,
    draft: {
      ...fresh,
      ...saved,
      trip: {
        ...fresh.trip,
        ...saved.trip,
        // Drafts saved before child seats were asked for have none; places saved before their
        // kind and Address details were kept have neither.
        childSeats: { ...fresh.trip.childSeats, ...saved.trip.childSeats },
        pickup: { ...emptyPlace(), ...saved.trip.pickup },
        drop: { ...emptyPlace(), ...saved.trip.drop },
        stops: fresh.trip.stops.map((empty, index) => ({
          ...empty,
          ...(saved.trip.stops as Partial<DraftStop>[] | undefined)?.[index],
        })) as BookingDraft['trip']['stops'],
      },
      passenger: { ...fresh.passenger, ...saved.passenger },
      bookingPerson: { ...fresh.bookingPerson, ...saved.bookingPerson },
    },
  };
}

/**
 * A stored draft read back, or null when there is none, it is too old, or it is not one this
 * version can read (a version 1 draft is mapped: draft-storage-v1.ts).
 */
export function parseStored(text: string | null, now: number): RestoredDraft | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.savedAt !== 'number') return null;
  if (now - value.savedAt > DRAFT_MAX_AGE_MS || value.savedAt > now + 60_000) return null;
  const form =
    value.version === VERSION
      ? fromVersion2(value.step, value.draft)
      : value.version === 1
        ? fromVersion1(value.draft)
        : null;
  const { quote, idempotencyKey } = value;
  const booking = withTotalCents(value.booking);
  if (!form) return null;
  if (quote !== null && !validQuote(quote)) return null;
  if (booking !== null && !validBooking(booking)) return null;
  return {
    ...form,
    quote,
    booking,
    idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
  };
}

export interface DraftStore {
  load(): RestoredDraft | null;
  save(restorable: RestoredDraft): void;
  clear(): void;
}

/** Session storage when the page may use it; null when it is missing or blocked. */
export function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // A SecurityError: storage is blocked for this page.
    return null;
  }
}

/** Reads and writes one key; every failure of the storage is swallowed (nothing is kept then). */
export function createDraftStore(
  storage: () => Storage | null,
  key: string,
  now: () => number = Date.now,
): DraftStore {
  return {
    load() {
      try {
        const stored = parseStored(storage()?.getItem(key) ?? null, now());
        // Unreadable or stale: gone, so it is not read again.
        if (!stored) storage()?.removeItem(key);
        return stored;
      } catch {
        return null;
      }
    },
    save(restorable) {
      try {
        storage()?.setItem(key, JSON.stringify(toStored(restorable, now())));
      } catch {
        // Full or blocked: the draft is simply not kept.
      }
    },
    clear() {
      try {
        storage()?.removeItem(key);
      } catch {
        // Blocked: nothing was kept either.
      }
    },
  };
}

/**
 * Keeps the store in step with the wizard: writes the draft whenever the customer changed it
 * (not the untouched draft the wizard opened with), clears it when the booking is paid or the
 * customer presses Clear Form. Returns the function that stops it.
 */
export function persistDraft(actor: ActorRefFrom<BookingMachine>, store: DraftStore): () => void {
  // Nothing is written until the draft differs from this one (set again by Clear Form).
  let untouched: BookingDraft | null = actor.getSnapshot().context.draft;
  let written: unknown[] = [];
  const subscription = actor.subscribe((snapshot) => {
    const { draft, quote, booking, idempotencyKey } = snapshot.context;
    if (snapshot.matches({ payment: 'succeeded' })) {
      store.clear();
      written = [];
      untouched = draft;
      return;
    }
    if (draft === untouched) return;
    untouched = null;
    const step = stepOf(snapshot);
    const parts = [step, draft, quote, booking, idempotencyKey];
    if (parts.every((part, index) => part === written[index])) return;
    written = parts;
    store.save({ step, draft, quote, booking, idempotencyKey });
  });
  // Emitted while the new (empty) draft is already the wizard's snapshot.
  const cleared = actor.on('cleared', () => {
    store.clear();
    written = [];
    untouched = actor.getSnapshot().context.draft;
  });
  return () => {
    subscription.unsubscribe();
    cleared.unsubscribe();
  };
}
