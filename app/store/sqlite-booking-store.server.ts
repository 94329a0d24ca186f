// The embedded BookingStore: one SQLite file under DATA_DIR through Node's built-in node:sqlite,
// opened by openSqliteDatabase (a rollback journal, no memory map: a storage fault is an error,
// never a crash). Every read-modify-write runs in a BEGIN IMMEDIATE transaction, so it holds the
// write lock from its first read and two server processes sharing the file cannot interleave
// (busy_timeout makes the second one wait instead of failing). Every SQLite or file-system error
// leaves as StoreUnavailableError, which the routes answer with 503.
import { hostname } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import {
  IdempotencyConflictError,
  StoreUnavailableError,
  type Booking,
  type BookingMutation,
  type BookingStore,
  type CreateBookingResult,
  type NewBooking,
  type PaymentEventRecord,
  type PaymentEventResult,
  type ApplicationRecord,
  type FeedbackRecord,
  type NewApplication,
  type NewFeedback,
  type UnsettledBookingsPage,
  type UserProfile,
} from './booking-store.server';
import { createReferenceGenerator, newDocumentId } from './booking-ids.server';
import { isSqliteFault, openSqliteDatabase, transaction } from './sqlite-database.server';
import { sqliteMigrations, type SqliteMigration } from './sqlite-migrations.server';

export interface SqliteBookingStoreOptions {
  /** The database file; ":memory:" for a private in-memory store. */
  filename: string;
  migrations?: SqliteMigration[];
  /** The clock references are made from (tests pin it to force collisions). */
  now?: () => number;
}

/** The database file of the embedded store inside a data folder. */
export function sqliteStorePath(dataDir: string): string {
  return path.join(dataDir, 'store.sqlite');
}

/** Tries this many references past a collision before giving up (a clock gone badly wrong). */
const MAX_REFERENCE_ATTEMPTS = 1000;

/** Brings a database up to the schema (every adapter on the store's file runs it on open). */
export function migrate(db: DatabaseSync, migrations: SqliteMigration[] = sqliteMigrations) {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => Number(row.version)),
  );
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    transaction(db, () => {
      // Another process may have applied it while this one waited for the lock.
      const done = db
        .prepare('SELECT 1 FROM schema_migrations WHERE version = ?')
        .get(migration.version);
      if (done) return;
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    });
  }
}

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
  return JSON.parse(String(row.document)) as Booking;
}

export function createSqliteBookingStore({
  filename,
  migrations = sqliteMigrations,
  now,
}: SqliteBookingStoreOptions): BookingStore {
  const nextReference = createReferenceGenerator(now);
  let db: DatabaseSync;
  try {
    db = openSqliteDatabase(filename);
    migrate(db, migrations);
  } catch (error) {
    // Not kept by getBookingStore: the next request tries to open it again.
    throw new StoreUnavailableError('The booking store could not be opened.', { cause: error });
  }
  // One health record per host (readiness write probe): a restart reuses its row.
  const instance = `${hostname()}:${path.resolve(filename)}`;

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
    saveUser: db.prepare(
      `INSERT INTO users (id, email, created_at, document) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET email = excluded.email, document = excluded.document`,
    ),
    userById: db.prepare('SELECT document FROM users WHERE id = ?'),
    insertFeedback: db.prepare(
      'INSERT INTO user_feedback (id, user_id, created_at, document) VALUES (?, ?, ?, ?)',
    ),
    listFeedback: db.prepare(
      'SELECT document FROM user_feedback ORDER BY created_at DESC, rowid DESC LIMIT ?',
    ),
    insertApplication: db.prepare(
      'INSERT INTO applications (id, type, created_at, document) VALUES (?, ?, ?, ?)',
    ),
    listApplications: db.prepare(
      'SELECT document FROM applications ORDER BY created_at DESC, rowid DESC LIMIT ?',
    ),
  };

  let closed = false;
  function guard<T>(work: () => T): Promise<T> {
    try {
      if (closed) throw new StoreUnavailableError('The booking store is closed.');
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(
        isSqliteFault(error)
          ? new StoreUnavailableError('The booking store failed.', { cause: error })
          : error,
      );
    }
  }

  function applyMutation(current: Booking, mutate: BookingMutation): Booking {
    const next = mutate(current);
    if (!next) return current;
    if (next.id !== current.id || next.bookingReferenceId !== current.bookingReferenceId) {
      throw new Error('A booking mutation may not change the id or the reference.');
    }
    statements.update.run(next.bookingStatus, JSON.stringify(next), current.id);
    return next;
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
            const booking: Booking = { ...input, id, bookingId: id, bookingReferenceId: reference };
            statements.insert.run(
              id,
              reference,
              input.idempotencyKey,
              booking.bookingStatus,
              booking.createdAt,
              JSON.stringify(booking),
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
          return current ? applyMutation(current, mutate) : null;
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
          return { duplicate: false, booking: applyMutation(current, mutate), previous: current };
        }),
      );
    },

    listBookings({ limit = 100 } = {}) {
      return guard(() => statements.list.all(limit).map((row) => parseBooking(row) as Booking));
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

    saveUserProfile(profile: UserProfile) {
      return guard(() => {
        statements.saveUser.run(
          profile.id,
          profile.email,
          profile.createdAt,
          JSON.stringify(profile),
        );
      });
    },

    getUserProfile(id) {
      return guard(() => {
        const row = statements.userById.get(id);
        return row ? (JSON.parse(String(row.document)) as UserProfile) : null;
      });
    },

    addFeedback(input: NewFeedback) {
      return guard(() => {
        const feedback: FeedbackRecord = { id: newDocumentId(), ...input };
        statements.insertFeedback.run(
          feedback.id,
          feedback.userId,
          feedback.creationDate,
          JSON.stringify(feedback),
        );
        return feedback;
      });
    },

    listFeedback({ limit = 100 } = {}) {
      return guard(() =>
        statements.listFeedback
          .all(limit)
          .map((row) => JSON.parse(String(row.document)) as FeedbackRecord),
      );
    },

    addApplication(input: NewApplication) {
      return guard(() => {
        const application: ApplicationRecord = { id: newDocumentId(), ...input };
        statements.insertApplication.run(
          application.id,
          application.type,
          application.createdAt,
          JSON.stringify(application),
        );
        return application;
      });
    },

    listApplications({ limit = 100 } = {}) {
      return guard(() =>
        statements.listApplications
          .all(limit)
          .map((row) => JSON.parse(String(row.document)) as ApplicationRecord),
      );
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

    close() {
      if (!closed) {
        closed = true;
        db.close();
      }
      return Promise.resolve();
    },
  };
}
