// The embedded BookingStore: one SQLite file under DATA_DIR through Node's built-in node:sqlite.
// WAL lets readers run beside the writer; every read-modify-write runs in a BEGIN IMMEDIATE
// transaction, so it holds the write lock from its first read and two server processes sharing
// the file cannot interleave (busy_timeout makes the second one wait instead of failing).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
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
  type UserProfile,
} from './booking-store.server';
import { createReferenceGenerator, newDocumentId } from './booking-ids.server';
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

/** Runs `work` in a write transaction; rolls back and rethrows when it throws. */
function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
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
  if (filename !== ':memory:') mkdirSync(path.dirname(filename), { recursive: true });
  const db = new DatabaseSync(filename);
  db.exec('PRAGMA busy_timeout = 5000');
  if (filename !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
  // In WAL mode NORMAL is durable against application crashes, and much faster than FULL.
  db.exec('PRAGMA synchronous = NORMAL');
  migrate(db, migrations);

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
      return Promise.reject(error);
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

    close() {
      if (!closed) {
        closed = true;
        db.close();
      }
      return Promise.resolve();
    },
  };
}
