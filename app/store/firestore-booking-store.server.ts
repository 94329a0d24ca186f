// The hosted BookingStore: Firestore through firebase-admin. Only the server touches these
// collections (firestore.rules denies every client). Uniqueness of references and idempotency keys
// is guaranteed by reservation documents in `bookingKeys`, created atomically with the booking:
// Firestore fails the whole commit when one already exists. Changes to a booking and payment
// events run in transactions.
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { deleteApp } from 'firebase-admin/app';
import { FieldPath, type Transaction } from 'firebase-admin/firestore';
import {
  applyMutation,
  COLLECTIONS,
  type Booking,
  type BookingMutation,
  type BookingStore,
  type NewBooking,
  type PaymentEventRecord,
  type UnsettledBookingsPage,
  MAX_CUSTOMER_BOOKINGS,
} from './booking-store.server';
import { openFirestore } from './firebase-app.server';
import { fromFirestoreError, guardFirestore } from './firestore-errors.server';
import {
  IdempotencyConflictError,
  RecordConflictError,
  StoreUnavailableError,
} from './store-errors.server';
import { createReferenceGenerator, newDocumentId } from './booking-ids.server';
import { createFirestoreStaffQueries, partnerDocumentId } from './firestore-staff-queries.server';
import { fromStoredBooking, toStoredBooking, type StoredBooking } from './stored-booking.server';

export interface FirestoreBookingStoreOptions {
  projectId: string;
  /** Service account; not needed with the emulator. */
  clientEmail?: string;
  privateKey?: string;
  /** host:port of the Firestore emulator (FIRESTORE_EMULATOR_HOST). */
  emulatorHost?: string;
  /** The clock references are made from (tests pin it to force collisions). */
  now?: () => number;
}

const MAX_REFERENCE_ATTEMPTS = 50;
/**
 * Firestore aborts a transaction that meets a concurrent one on the same document, and the SDK
 * retries it; the default of 5 attempts is too few for a burst of webhook retries on one booking.
 */
const TRANSACTION_OPTIONS = { maxAttempts: 12 };

/** A safe document id for a provider's event id (no slashes, bounded length). */
function eventDocumentId(eventId: string): string {
  return /^[A-Za-z0-9_.:-]{1,200}$/.test(eventId) && !/^__.*__$/.test(eventId)
    ? eventId
    : `sha256-${createHash('sha256').update(eventId).digest('hex')}`;
}

/** The cursor of listUnsettledBookings: the last booking a page looked at. */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  const value = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown;
  if (!Array.isArray(value) || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
    throw new Error('Not a cursor of listUnsettledBookings.');
  }
  return [value[0], value[1]];
}

/** What the reconciliation must look at (see BookingStore.listUnsettledBookings). */
function isUnsettled(booking: Booking): boolean {
  if (booking.payment.intentId === null) return false;
  if (booking.status === 'CONFIRMED') return !booking.confirmationEmail.sentAt;
  return booking.status === 'DRAFT' || booking.status === 'REJECTED';
}

/** The domain booking of a snapshot of the bookings collection. */
function bookingOf(snapshot: { data(): unknown }): Booking {
  return fromStoredBooking(snapshot.data() as StoredBooking);
}

function keyDocumentId(kind: 'reference' | 'idempotency', value: string): string {
  // Idempotency keys come from clients: hash them so any string is a valid, bounded document id.
  return kind === 'reference'
    ? `reference:${value}`
    : `idempotency:${createHash('sha256').update(value).digest('hex')}`;
}

/** The most documents one "My bookings" query reads before the newest are kept. */
const CUSTOMER_SCAN_LIMIT = 1000;

export function createFirestoreBookingStore(options: FirestoreBookingStoreOptions): BookingStore {
  const nextReference = createReferenceGenerator(options.now);
  const { app, db } = openFirestore(options, 'booking-store');

  const bookings = db.collection(COLLECTIONS.bookings);
  const keys = db.collection(COLLECTIONS.bookingKeys);
  const events = db.collection(COLLECTIONS.paymentEvents);
  const partners = db.collection(COLLECTIONS.bookingPartners);
  const staff = createFirestoreStaffQueries({
    db,
    bookings,
    partners,
    audit: db.collection(COLLECTIONS.staffAudit),
  });
  // One health document per host (readiness write probe): a restart rewrites the same one.
  const healthDoc = db.collection(COLLECTIONS.health).doc(
    hostname()
      .replace(/[^A-Za-z0-9_.-]/g, '_')
      .slice(0, 200) || 'instance',
  );

  async function readBooking(tx: Transaction, id: string): Promise<Booking | null> {
    const snapshot = await tx.get(bookings.doc(id));
    return snapshot.exists ? bookingOf(snapshot) : null;
  }

  /**
   * The partners collection lists the partners of bookings other than drafts (Firestore cannot
   * list a field's distinct values): a booking that leaves DRAFT, or is saved past it, names its
   * partner there (set, so a partner already listed changes nothing but the write).
   */
  function partnerListed(previous: Booking | null, next: Booking): string | null {
    if (!next.partner || next.status === 'DRAFT') return null;
    const wasListed = previous && previous.status !== 'DRAFT' && previous.partner === next.partner;
    return wasListed ? null : next.partner;
  }

  /** Applies a mutation in the transaction, writing the new document in place. */
  function mutateBooking(tx: Transaction, current: Booking, mutate: BookingMutation): Booking {
    return applyMutation(current, mutate, (next) => {
      tx.set(bookings.doc(current.id), toStoredBooking(next));
      const partner = partnerListed(current, next);
      if (partner) tx.set(partners.doc(partnerDocumentId(partner)), { partner });
    });
  }

  /** Every failure leaves as a store error (fromFirestoreError). */
  const wrap = <T>(work: () => Promise<T>) => guardFirestore('booking store', work);

  return {
    kind: 'firestore',

    createBooking(input: NewBooking) {
      // Batched creates, not a read-then-write transaction: Firestore refuses a create whose
      // document exists (ALREADY_EXISTS), atomically for the three documents, so distinct bookings
      // never contend with each other and a lost race is detected at commit.
      return wrap(async () => {
        const keyRef = keys.doc(keyDocumentId('idempotency', input.idempotencyKey));
        for (let attempt = 0; attempt < MAX_REFERENCE_ATTEMPTS; attempt += 1) {
          const key = await keyRef.get();
          if (key.exists) {
            const snapshot = await bookings.doc(String(key.get('bookingId'))).get();
            const existing = snapshot.exists ? bookingOf(snapshot) : null;
            if (!existing) throw new StoreUnavailableError('An idempotency key lost its booking.');
            if (existing.requestFingerprint !== input.requestFingerprint) {
              throw new IdempotencyConflictError(
                'This idempotency key was used for a different booking.',
              );
            }
            return { booking: existing, created: false };
          }
          const reference = nextReference();
          const id = newDocumentId();
          const booking: Booking = { ...input, id, reference };
          const reservation = { bookingId: id, createdAt: input.createdAt };
          const batch = db.batch();
          batch.create(keys.doc(keyDocumentId('reference', reference)), {
            ...reservation,
            kind: 'reference',
          });
          batch.create(keyRef, { ...reservation, kind: 'idempotency' });
          batch.create(bookings.doc(id), toStoredBooking(booking));
          const partner = partnerListed(null, booking);
          if (partner) batch.set(partners.doc(partnerDocumentId(partner)), { partner });
          try {
            await batch.commit();
            return { booking, created: true };
          } catch (error) {
            // Another instance took this reference, or a concurrent copy of this request won:
            // the next round tells which (the key then exists) or tries the next reference.
            const failure = fromFirestoreError(error, 'booking store');
            if (!(failure instanceof RecordConflictError)) throw failure;
          }
        }
        throw new StoreUnavailableError('No free booking reference could be found.');
      });
    },

    getBooking(id) {
      return wrap(async () => {
        const snapshot = await bookings.doc(id).get();
        return snapshot.exists ? bookingOf(snapshot) : null;
      });
    },

    findBookingByReference(reference) {
      return wrap(async () => {
        const snapshot = await bookings.where('bookingReferenceId', '==', reference).limit(1).get();
        const doc = snapshot.docs[0];
        return doc ? bookingOf(doc) : null;
      });
    },

    updateBooking(id, mutate) {
      return wrap(() =>
        db.runTransaction(async (tx) => {
          const current = await readBooking(tx, id);
          return current ? mutateBooking(tx, current, mutate) : null;
        }, TRANSACTION_OPTIONS),
      );
    },

    recordPaymentEvent(event: PaymentEventRecord, mutate) {
      return wrap(() =>
        db.runTransaction(async (tx) => {
          const eventRef = events.doc(eventDocumentId(event.id));
          const [seen, current] = await Promise.all([
            tx.get(eventRef),
            event.bookingId ? readBooking(tx, event.bookingId) : Promise.resolve(null),
          ]);
          if (seen.exists) return { duplicate: true, booking: current, previous: null };
          tx.create(eventRef, event);
          if (!current) return { duplicate: false, booking: null, previous: null };
          return {
            duplicate: false,
            booking: mutateBooking(tx, current, mutate),
            previous: current,
          };
        }, TRANSACTION_OPTIONS),
      );
    },

    listBookings({ limit = 100 } = {}) {
      return wrap(async () => {
        const snapshot = await bookings.orderBy('createdAt', 'desc').limit(limit).get();
        return snapshot.docs.map(bookingOf);
      });
    },

    listCustomerBookings({ userId, verifiedEmail, limit = MAX_CUSTOMER_BOOKINGS }) {
      return wrap(async () => {
        const max = Math.min(limit, MAX_CUSTOMER_BOOKINGS);
        // One field each, so Firestore's automatic single-field indexes serve them (an order on
        // createdAt would need a composite index per query). Without an order a limit keeps any
        // documents, not the newest: each query reads up to SCAN_LIMIT and the newest are kept
        // here. Emails are matched in lower case (contactEmails, written with every booking).
        const email = verifiedEmail?.trim().toLowerCase();
        const queries = [
          bookings.where('userId', '==', userId).limit(CUSTOMER_SCAN_LIMIT),
          ...(email
            ? [bookings.where('contactEmails', 'array-contains', email).limit(CUSTOMER_SCAN_LIMIT)]
            : []),
        ];
        const found = new Map<string, Booking>();
        for (const snapshot of await Promise.all(queries.map((query) => query.get()))) {
          for (const doc of snapshot.docs) found.set(doc.id, bookingOf(doc));
        }
        return [...found.values()]
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
          .slice(0, max);
      });
    },

    listBookingsCreatedSince(since, { limit = 1000 } = {}) {
      return wrap(async () => {
        // A range and an order on the same field: Firestore's single-field index serves it.
        const snapshot = await bookings
          .where('createdAt', '>=', since)
          .orderBy('createdAt', 'desc')
          .limit(limit)
          .get();
        return snapshot.docs.map(bookingOf);
      });
    },

    listUnsettledBookings({ createdSince, createdBefore, cursor, limit = 200 }) {
      return wrap(async (): Promise<UnsettledBookingsPage> => {
        // A range and an order on createdAt (then the document id, for a stable cursor) need only
        // Firestore's automatic single-field index; the status and payment conditions are read
        // here. A composite index on status would skip settled bookings, at the price of an
        // index every deployment must create first.
        let query = bookings.where('createdAt', '>=', createdSince);
        if (createdBefore) query = query.where('createdAt', '<', createdBefore);
        query = query.orderBy('createdAt').orderBy(FieldPath.documentId());
        if (cursor) query = query.startAfter(...decodeCursor(cursor));
        const snapshot = await query.limit(limit).get();
        const last = snapshot.docs.at(-1);
        return {
          bookings: snapshot.docs.map(bookingOf).filter(isUnsettled),
          cursor:
            snapshot.docs.length === limit && last
              ? encodeCursor(String(last.get('createdAt')), last.id)
              : null,
        };
      });
    },

    listStaffBookings(query) {
      return wrap(() => staff.listStaffBookings(query));
    },

    listCancellationRequests(query) {
      return wrap(() => staff.listCancellationRequests(query));
    },

    listNeedingAction(query) {
      return wrap(() => staff.listNeedingAction(query));
    },

    summarizePayments(query) {
      return wrap(() => staff.summarizePayments(query));
    },

    listPartners() {
      return wrap(() => staff.listPartners());
    },

    reindexBookings(options = {}) {
      return wrap(() => staff.reindexBookings(options));
    },

    ping() {
      return wrap(async () => {
        await bookings.limit(1).get();
      });
    },

    probeWrite() {
      return wrap(async () => {
        await healthDoc.set({ instance: hostname(), checkedAt: new Date().toISOString() });
      });
    },

    async close() {
      await deleteApp(app);
    },
  };
}
