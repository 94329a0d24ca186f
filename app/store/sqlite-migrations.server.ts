// Schema of the embedded SQLite store, as an ordered list of migrations. Each runs once, in its
// own transaction, and is recorded in `schema_migrations`. Never edit a released migration: append
// a new one. Every port's adapter on the store's file runs `migrate` when it opens the file.
//
// Records are kept as JSON documents (the same shape as in Firestore) with the columns that need
// an index or a uniqueness guarantee pulled out beside them.
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from './sqlite-database.server';
import { refillStaffIndexes, staffIndexMigration } from './sqlite-staff-index-migration.server';

export interface SqliteMigration {
  version: number;
  name: string;
  sql: string;
  /** Runs after `sql`, in the same transaction: fills what SQL alone cannot compute. */
  fill?: (db: DatabaseSync) => void;
}

export const sqliteMigrations: SqliteMigration[] = [
  {
    version: 1,
    name: 'bookings and payment events',
    sql: `
      CREATE TABLE bookings (
        id TEXT PRIMARY KEY,
        reference TEXT NOT NULL UNIQUE,
        idempotency_key TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        document TEXT NOT NULL
      ) STRICT;
      CREATE INDEX bookings_created_at ON bookings (created_at);
      CREATE TABLE payment_events (
        id TEXT PRIMARY KEY,
        type TEXT NOT NULL,
        booking_id TEXT,
        occurred_at TEXT NOT NULL,
        received_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX payment_events_booking ON payment_events (booking_id);
    `,
  },
  {
    version: 2,
    name: 'user profiles, feedback and applications',
    sql: `
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        created_at TEXT NOT NULL,
        document TEXT NOT NULL
      ) STRICT;
      CREATE INDEX users_email ON users (email);
      CREATE TABLE user_feedback (
        id TEXT PRIMARY KEY,
        user_id TEXT,
        created_at TEXT NOT NULL,
        document TEXT NOT NULL
      ) STRICT;
      CREATE INDEX user_feedback_created_at ON user_feedback (created_at);
      CREATE TABLE applications (
        id TEXT PRIMARY KEY,
        type TEXT NOT NULL,
        created_at TEXT NOT NULL,
        document TEXT NOT NULL
      ) STRICT;
      CREATE INDEX applications_created_at ON applications (created_at);
    `,
  },
  {
    version: 3,
    name: 'unsettled bookings by status and time, readiness write probe',
    // Reconciliation pages through the bookings of a status within a time window; the health
    // table takes one small upsert per instance, proving the file can be written.
    sql: `
      CREATE INDEX bookings_status_created_at ON bookings (status, created_at, id);
      CREATE TABLE health_checks (
        instance TEXT PRIMARY KEY,
        checked_at TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 5,
    name: 'sessions',
    // One row per sign-in; id_hash is the SHA-256 of the cookie's session id, never the id.
    sql: `
      CREATE TABLE sessions (
        id_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        ended_at TEXT
      ) STRICT;
      CREATE INDEX sessions_account ON sessions (account_id);
      CREATE INDEX sessions_expires_at ON sessions (expires_at);
    `,
  },
  {
    version: 6,
    name: 'promo code uses',
    // One row per use of a promo code by a booking; released rows stay as history. The partial
    // unique indexes hold the rules even against a faulty writer: a booking has at most one
    // active (reserved or consumed) use, an email at most one per code. The second also serves
    // the count of a code's active uses.
    sql: `
      CREATE TABLE promo_uses (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL,
        email TEXT NOT NULL,
        booking_id TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('reserved', 'consumed', 'released')),
        reserved_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX promo_uses_active_booking ON promo_uses (booking_id)
        WHERE state <> 'released';
      CREATE UNIQUE INDEX promo_uses_active_email ON promo_uses (code, email)
        WHERE state <> 'released';
    `,
  },
  {
    version: 7,
    name: "a customer's bookings",
    // "My bookings" looks bookings up by the account that made them and by the passenger's and
    // booker's email. Generated from the stored document, so no write has to keep them in step.
    sql: `
      ALTER TABLE bookings ADD COLUMN user_id TEXT
        GENERATED ALWAYS AS (json_extract(document, '$.userId')) VIRTUAL;
      ALTER TABLE bookings ADD COLUMN passenger_email TEXT
        GENERATED ALWAYS AS (lower(json_extract(document, '$.passengerDetails.email'))) VIRTUAL;
      ALTER TABLE bookings ADD COLUMN booker_email TEXT GENERATED ALWAYS AS
        (lower(json_extract(document, '$.passengerDetails.bookingPerson.email'))) VIRTUAL;
      CREATE INDEX bookings_user ON bookings (user_id, created_at) WHERE user_id IS NOT NULL;
      CREATE INDEX bookings_passenger_email ON bookings (passenger_email, created_at);
      CREATE INDEX bookings_booker_email ON bookings (booker_email, created_at)
        WHERE booker_email IS NOT NULL;
    `,
  },
  {
    version: 8,
    name: 'staff audit log',
    // What staff did, never changed once written; read per booking (or other subject).
    sql: `
      CREATE TABLE staff_audit (
        id TEXT PRIMARY KEY,
        subject_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        document TEXT NOT NULL
      ) STRICT;
      CREATE INDEX staff_audit_subject ON staff_audit (subject_id, created_at);
      CREATE INDEX staff_audit_created_at ON staff_audit (created_at);
    `,
  },
  {
    version: 9,
    name: 'real-user web vitals',
    // Per route, metric and Queensland day: how many values were received, and at most 5,000 of
    // them kept as a uniform sample (slot 0 to 4,999), from which a period's p75 is computed
    // (vitals-store.server.ts). A route id, a metric name and a number: nothing personal.
    sql: `
      CREATE TABLE vitals_days (
        day TEXT NOT NULL,
        route TEXT NOT NULL,
        metric TEXT NOT NULL,
        seen INTEGER NOT NULL,
        PRIMARY KEY (day, route, metric)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE vitals_values (
        day TEXT NOT NULL,
        route TEXT NOT NULL,
        metric TEXT NOT NULL,
        slot INTEGER NOT NULL,
        value REAL NOT NULL,
        PRIMARY KEY (day, route, metric, slot)
      ) STRICT, WITHOUT ROWID;
    `,
  },
  {
    version: 11,
    name: 'promo uses per booking and code',
    // A booking may hold two codes for a moment while a second one is applied
    // (docs/decisions/039-promo-codes-one-change-per-booking.md), and "once per customer" counts
    // paid uses only: one active use per booking and code; an email's paid uses and a code's
    // active uses each have their own index.
    sql: `
      DROP INDEX promo_uses_active_booking;
      DROP INDEX promo_uses_active_email;
      CREATE UNIQUE INDEX promo_uses_active_booking_code ON promo_uses (booking_id, code)
        WHERE state <> 'released';
      CREATE INDEX promo_uses_paid_email ON promo_uses (code, email) WHERE state = 'consumed';
      CREATE INDEX promo_uses_active_code ON promo_uses (code) WHERE state <> 'released';
    `,
  },
  staffIndexMigration,
  {
    version: 13,
    name: 'bookings needing action',
    // The "Needs action" list (an alert staff have not handled, drafts included), oldest alert
    // first, from a partial index that holds only those bookings. The fill writes the staff index's
    // newer version, with `alertSince`, into every booking stored before.
    sql: `
      ALTER TABLE bookings ADD COLUMN alert_since TEXT
        GENERATED ALWAYS AS (json_extract(document, '$.staffIndex.alertSince')) VIRTUAL;
      CREATE INDEX bookings_needing_action ON bookings (alert_since, id)
        WHERE alert_since IS NOT NULL;
    `,
    fill: refillStaffIndexes,
  },
  {
    version: 14,
    name: 'chauffeurs, cars and jobs',
    // The chauffeurs and cars staff manage, and each booking's job. A job's chauffeur, car and
    // time are columns, so the overlap check of an assignment is an indexed query in the same
    // transaction as its write (dispatch-store.server.ts). A job nobody is on keeps its row (its
    // calendar sequence), with neither column set, out of both partial indexes.
    sql: `
      CREATE TABLE chauffeurs (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        document TEXT NOT NULL
      ) STRICT;
      CREATE TABLE cars (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        document TEXT NOT NULL
      ) STRICT;
      CREATE TABLE dispatch_jobs (
        booking_id TEXT PRIMARY KEY,
        chauffeur_id TEXT,
        car_id TEXT,
        starts_at TEXT NOT NULL,
        ends_at TEXT NOT NULL,
        document TEXT NOT NULL
      ) STRICT;
      CREATE INDEX dispatch_jobs_chauffeur ON dispatch_jobs (chauffeur_id, starts_at)
        WHERE chauffeur_id IS NOT NULL;
      CREATE INDEX dispatch_jobs_car ON dispatch_jobs (car_id, starts_at)
        WHERE car_id IS NOT NULL;
    `,
  },
  {
    version: 15,
    name: 'jobs and the notification ledger',
    // The queue of due jobs (job-store.server.ts): each job a JSON document beside the columns a
    // claim selects by. `due_at` is when claim next looks at it (a pending job's time, a running
    // one's lease end), NULL once done or dead, so the partial index holds only what may run.
    // The ledger keeps one row per notification a job sends.
    sql: `
      CREATE TABLE jobs (
        key TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'done', 'dead')),
        due_at TEXT,
        dead_at TEXT,
        document TEXT NOT NULL
      ) STRICT;
      CREATE INDEX jobs_due ON jobs (due_at, key) WHERE due_at IS NOT NULL;
      CREATE INDEX jobs_dead ON jobs (dead_at, key) WHERE dead_at IS NOT NULL;
      CREATE TABLE notification_ledger (
        key TEXT PRIMARY KEY,
        document TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 16,
    name: 'bookings with news staff have not seen',
    // One row per booking (attention-store.server.ts); the run sheet reads a day's bookings by id.
    sql: `
      CREATE TABLE booking_attention (
        booking_id TEXT PRIMARY KEY,
        unseen INTEGER NOT NULL CHECK (unseen IN (0, 1)),
        document TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 17,
    name: 'partners and their origins',
    // The partner sites staff manage (partner-store.server.ts): each a JSON document, and one row
    // per allowed origin naming its partner, so an origin belongs to one partner at most.
    sql: `
      CREATE TABLE partners (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        document TEXT NOT NULL
      ) STRICT;
      CREATE TABLE partner_origins (
        origin TEXT PRIMARY KEY,
        partner_id TEXT NOT NULL
      ) STRICT;
      CREATE INDEX partner_origins_partner ON partner_origins (partner_id);
    `,
  },
];

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
      migration.fill?.(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    });
  }
}
