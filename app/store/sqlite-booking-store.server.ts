// The embedded BookingStore: one SQLite file under DATA_DIR through Node's built-in node:sqlite,
// opened by openSqliteDatabase (a rollback journal, no memory map: a storage fault is an error,
// never a crash). Every read-modify-write runs in a BEGIN IMMEDIATE transaction, so it holds the
// write lock from its first read and two server processes sharing the file cannot interleave
// (busy_timeout makes the second one wait instead of failing). Every SQLite or file-system error
// leaves as StoreUnavailableError, which the routes answer with 503.
import { hostname } from 'node:os';
import path from 'node:path';
import {
  applyMutation,
  type Booking,
  type BookingMutation,
  type BookingStore,
  type CreateBookingResult,
  type NewBooking,
  type PaymentEventRecord,
  type PaymentEventResult,
  type UnsettledBookingsPage,
  MAX_CUSTOMER_BOOKINGS,
} from './booking-store.server';
import { createReferenceGenerator, newDocumentId } from './booking-ids.server';
import { IdempotencyConflictError, StoreUnavailableError } from './store-errors.server';
import { fromStoredBooking, toStoredBooking, type StoredBooking } from './stored-booking.server';
import { transaction } from './sqlite-database.server';
import { migrate, sqliteMigrations, type SqliteMigration } from './sqlite-migrations.server';
import { createSqliteStaffQueries } from './sqlite-staff-queries.server';
import { openSqliteStore } from './sqlite-store.server';

export interface SqliteBookingStoreOptions {
  /** The database file; ":memory:" for a private in-memory store. */
  filename: string;
  migrations?: SqliteMigration[];
  /** The clock references are made from (tests pin it to force collisions). */
  now?: () => number;
}

/** The database file of the embedded store (kept here for the callers that import it from here). */
export { sqliteStorePath } from './sqlite-database.server';

/** Tries this many references past a collision before giving up (a clock gone badly wrong). */
const MAX_REFERENCE_ATTEMPTS = 1000;

/** The cursor of listUnsettledBookings: the last booking a page looked at. */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

function decodeCursor(cursor: string | undefined): [string, string] {
  if (!cursor) return ['', ''];
  const value = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown;
  if (!Array.isArray(value) || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
    throw new Error('Not a cursor of listUnsettledBookings.');
  }
  return [value[0], value[1]];
}

function parseBooking(row: Record<string, unknown> | undefined): Booking | null {
  if (!row) return null;
  return fromStoredBooking(JSON.parse(String(row.document)) as StoredBooking);
}

export function createSqliteBookingStore({
  filename,
  migrations = sqliteMigrations,
  now,
}: SqliteBookingStoreOptions): BookingStore {
  const nextReference = createReferenceGenerator(now);
  // Not kept by getBookingStore when it fails: the next request tries to open it again.
  const {
    db,
    run: guard,
    close,
  } = openSqliteStore(filename, 'booking store', (database) => migrate(database, migrations));
  // One health record per host (readiness write probe): a restart reuses its row.
  const instance = `${hostname()}:${path.resolve(filename)}`;
  const staff = createSqliteStaffQueries(db);

  const statements = {
    byId: db.prepare('SELECT document FROM bookings WHERE id = ?'),
    byReference: db.prepare('SELECT document FROM bookings WHERE reference = ?'),
    byKey: db.prepare('SELECT document FROM bookings WHERE idempotency_key = ?'),
    referenceTaken: db.prepare('SELECT 1 FROM bookings WHERE reference = ?'),
    insert: db.prepare(
      `INSERT INTO bookings (id, reference, idempotency_key, status, created_at, document)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    update: db.prepare('UPDATE bookings SET status = ?, document = ? WHERE id = ?'),
    list: db.prepare('SELECT document FROM bookings ORDER BY created_at DESC, id DESC LIMIT ?'),
    // Each branch is served by its own index; UNION drops a booking found twice.
    byCustomer: db.prepare(
      `SELECT document, created_at, id FROM bookings WHERE user_id = :user
       UNION
       SELECT document, created_at, id FROM bookings WHERE passenger_email = :email
       UNION
       SELECT document, created_at, id FROM bookings WHERE booker_email = :email
       ORDER BY created_at DESC, id DESC LIMIT :limit`,
    ),
    listSince: db.prepare(
      `SELECT document FROM bookings WHERE created_at >= ?
       ORDER BY created_at DESC, id DESC LIMIT ?`,
    ),
    // Paged oldest first by (created_at, id) over the (status, created_at) index: bookings whose
    // payment intent exists but whose outcome is not recorded, and confirmed ones without email.
    unsettled: db.prepare(
      `SELECT created_at, id, document FROM bookings
       WHERE status IN ('DRAFT', 'REJECTED', 'CONFIRMED')
         AND created_at >= ? AND created_at < ?
         AND (created_at > ? OR (created_at = ? AND id > ?))
         AND json_type(document, '$.paymentDetails.paymentIntentId') = 'text'
         AND json_extract(document, '$.paymentDetails.paymentIntentId') != ''
         AND (status != 'CONFIRMED' OR json_extract(document, '$.confirmationEmail.sentAt') IS NULL)
       ORDER BY created_at, id LIMIT ?`,
    ),
    probe: db.prepare(
      `INSERT INTO health_checks (instance, checked_at) VALUES (?, ?)
       ON CONFLICT (instance) DO UPDATE SET checked_at = excluded.checked_at`,
    ),
    eventSeen: db.prepare('SELECT 1 FROM payment_events WHERE id = ?'),
    insertEvent: db.prepare(
      `INSERT INTO payment_events (id, type, booking_id, occurred_at, received_at)
       VALUES (?, ?, ?, ?, ?)`,
    ),
  };

  /** Applies a mutation in the caller's transaction, writing the new document in place. */
  function mutateBooking(current: Booking, mutate: BookingMutation): Booking {
    return applyMutation(current, mutate, (next) => {
      statements.update.run(next.status, JSON.stringify(toStoredBooking(next)), current.id);
    });
  }

  return {
    kind: 'sqlite',

    createBooking(input: NewBooking): Promise<CreateBookingResult> {
      return guard(() =>
        transaction(db, () => {
          const existing = parseBooking(statements.byKey.get(input.idempotencyKey));
          if (existing) {
            if (existing.requestFingerprint !== input.requestFingerprint) {
              throw new IdempotencyConflictError(
                'This idempotency key was used for a different booking.',
              );
            }
            return { booking: existing, created: false };
          }
          for (let attempt = 0; attempt < MAX_REFERENCE_ATTEMPTS; attempt += 1) {
            const reference = nextReference();
            if (statements.referenceTaken.get(reference)) continue;
            const id = newDocumentId();
            const booking: Booking = { ...input, id, reference };
            statements.insert.run(
              id,
              reference,
              input.idempotencyKey,
              booking.status,
              booking.createdAt,
              JSON.stringify(toStoredBooking(booking)),
            );
            return { booking, created: true };
          }
          throw new StoreUnavailableError('No free booking reference could be found.');
        }),
      );
    },

    getBooking(id) {
      return guard(() => parseBooking(statements.byId.get(id)));
    },

    findBookingByReference(reference) {
      return guard(() => parseBooking(statements.byReference.get(reference)));
    },

    updateBooking(id, mutate) {
      return guard(() =>
        transaction(db, () => {
          const current = parseBooking(statements.byId.get(id));
          return current ? mutateBooking(current, mutate) : null;
        }),
      );
    },

    recordPaymentEvent(event: PaymentEventRecord, mutate): Promise<PaymentEventResult> {
      return guard(() =>
        transaction(db, () => {
          const current = event.bookingId
            ? parseBooking(statements.byId.get(event.bookingId))
            : null;
          if (statements.eventSeen.get(event.id)) {
            return { duplicate: true, booking: current, previous: null };
          }
          statements.insertEvent.run(
            event.id,
            event.type,
            event.bookingId,
            event.occurredAt,
            event.receivedAt,
          );
          if (!current) return { duplicate: false, booking: null, previous: null };
          return { duplicate: false, booking: mutateBooking(current, mutate), previous: current };
        }),
      );
    },

    listBookings({ limit = 100 } = {}) {
      return guard(() => statements.list.all(limit).map((row) => parseBooking(row) as Booking));
    },

    listCustomerBookings({ userId, verifiedEmail, limit = MAX_CUSTOMER_BOOKINGS }) {
      return guard(() =>
        statements.byCustomer
          .all({
            user: userId,
            // No email matches NULL, so without a verified email only the account's own count.
            email: verifiedEmail ? verifiedEmail.trim().toLowerCase() : null,
            limit: Math.min(limit, MAX_CUSTOMER_BOOKINGS),
          })
          .map((row) => parseBooking(row) as Booking),
      );
    },

    listBookingsCreatedSince(since, { limit = 1000 } = {}) {
      return guard(() =>
        statements.listSince.all(since, limit).map((row) => parseBooking(row) as Booking),
      );
    },

    listUnsettledBookings({ createdSince, createdBefore, cursor, limit = 200 }) {
      return guard((): UnsettledBookingsPage => {
        const [afterCreatedAt, afterId] = decodeCursor(cursor);
        const rows = statements.unsettled.all(
          createdSince,
          createdBefore ?? '9999',
          afterCreatedAt,
          afterCreatedAt,
          afterId,
          limit,
        );
        const last = rows.at(-1);
        return {
          bookings: rows.map((row) => parseBooking(row) as Booking),
          cursor:
            rows.length === limit && last
              ? encodeCursor(String(last.created_at), String(last.id))
              : null,
        };
      });
    },

    listStaffBookings(query) {
      return guard(() => staff.listStaffBookings(query));
    },

    listCancellationRequests(query) {
      return guard(() => staff.listCancellationRequests(query));
    },

    listNeedingAction(query) {
      return guard(() => staff.listNeedingAction(query));
    },

    summarizePayments(query) {
      return guard(() => staff.summarizePayments(query));
    },

    listPartners() {
      return guard(() => staff.listPartners());
    },

    reindexBookings(options = {}) {
      return guard(() => staff.reindexBookings(options));
    },

    ping() {
      return guard(() => {
        db.prepare('SELECT 1').get();
      });
    },

    probeWrite() {
      return guard(() => {
        statements.probe.run(instance, new Date().toISOString());
      });
    },

    close,
  };
}
