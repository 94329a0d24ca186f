// Migration 12 of the embedded SQLite store (the list is in sqlite-migrations.server.ts): the
// staff lists, cancellation requests and reports read bookings through generated columns and
// indexes, and a search through booking_search_keys. Kept apart for its length: its SQL and the
// fill that indexes every booking stored before it.
import type { DatabaseSync } from 'node:sqlite';
import { fillStaffIndex } from './sqlite-staff-index.server';
import type { SqliteMigration } from './sqlite-migrations.server';

/** How many bookings the fill indexes per statement batch. */
const FILL_BATCH = 500;

/** Writes the staff index as it is now into every stored booking, a batch at a time. */
export function refillStaffIndexes(db: DatabaseSync) {
  let after = '';
  for (;;) {
    const page = fillStaffIndex(db, after, FILL_BATCH);
    if (page.lastId === null) return;
    after = page.lastId;
  }
}

export const staffIndexMigration: SqliteMigration = {
  version: 12,
  name: 'staff lists, cancellation requests and reports by index',
  // The staff views select bookings by what the document's `staffIndex` holds
  // (booking-staff-index.server.ts), through generated columns and their indexes; a search looks
  // its keys up in booking_search_keys, which triggers keep in step with the document, with each
  // key the booking's status and pickup time, so a search page is read from that table alone.
  // Partial indexes leave drafts out of what the default views walk, so no number of drafts
  // slows them.
  // The fill writes `staffIndex` into every booking stored before
  // (docs/decisions/043-staff-views-query-the-store.md).
  sql: `
      ALTER TABLE bookings ADD COLUMN pickup_at TEXT
        GENERATED ALWAYS AS (json_extract(document, '$.staffIndex.pickupAt')) VIRTUAL;
      ALTER TABLE bookings ADD COLUMN partner TEXT
        GENERATED ALWAYS AS (json_extract(document, '$.partnerId')) VIRTUAL;
      ALTER TABLE bookings ADD COLUMN cancellation TEXT
        GENERATED ALWAYS AS (json_extract(document, '$.staffIndex.cancellation')) VIRTUAL;
      ALTER TABLE bookings ADD COLUMN cancellation_requested_at TEXT GENERATED ALWAYS AS
        (json_extract(document, '$.staffIndex.cancellationRequestedAt')) VIRTUAL;
      ALTER TABLE bookings ADD COLUMN paid_on TEXT
        GENERATED ALWAYS AS (json_extract(document, '$.staffIndex.paidOn')) VIRTUAL;
      ALTER TABLE bookings ADD COLUMN paid_cents INTEGER
        GENERATED ALWAYS AS (json_extract(document, '$.staffIndex.paidCents')) VIRTUAL;
      ALTER TABLE bookings ADD COLUMN refunded_cents INTEGER
        GENERATED ALWAYS AS (json_extract(document, '$.staffIndex.refundedCents')) VIRTUAL;

      CREATE INDEX bookings_pickup ON bookings (pickup_at, id);
      CREATE INDEX bookings_listed_pickup ON bookings (pickup_at, id) WHERE status <> 'DRAFT';
      CREATE INDEX bookings_status_pickup ON bookings (status, pickup_at, id);
      CREATE INDEX bookings_partner_pickup ON bookings (partner, pickup_at, id);
      CREATE INDEX bookings_partners ON bookings (partner)
        WHERE partner IS NOT NULL AND status <> 'DRAFT';
      CREATE INDEX bookings_cancellation_requests ON bookings (cancellation_requested_at, id)
        WHERE cancellation IS NOT NULL AND status <> 'DRAFT';
      CREATE INDEX bookings_cancellation_state
        ON bookings (cancellation, cancellation_requested_at, id)
        WHERE cancellation IS NOT NULL AND status <> 'DRAFT';
      CREATE INDEX bookings_paid ON bookings (paid_on, partner, paid_cents, refunded_cents)
        WHERE paid_on IS NOT NULL;

      CREATE TABLE booking_search_keys (
        key TEXT NOT NULL,
        status TEXT NOT NULL,
        pickup_at TEXT NOT NULL,
        booking_id TEXT NOT NULL,
        PRIMARY KEY (key, pickup_at, booking_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX booking_search_keys_booking ON booking_search_keys (booking_id);
      CREATE TRIGGER bookings_search_keys_insert AFTER INSERT ON bookings BEGIN
        INSERT OR IGNORE INTO booking_search_keys (key, status, pickup_at, booking_id)
          SELECT value, NEW.status, NEW.pickup_at, NEW.id
          FROM json_each(NEW.document, '$.staffIndex.searchKeys');
      END;
      CREATE TRIGGER bookings_search_keys_update AFTER UPDATE OF status, document ON bookings
      BEGIN
        DELETE FROM booking_search_keys WHERE booking_id = OLD.id;
        INSERT OR IGNORE INTO booking_search_keys (key, status, pickup_at, booking_id)
          SELECT value, NEW.status, NEW.pickup_at, NEW.id
          FROM json_each(NEW.document, '$.staffIndex.searchKeys');
      END;
      CREATE TRIGGER bookings_search_keys_delete AFTER DELETE ON bookings BEGIN
        DELETE FROM booking_search_keys WHERE booking_id = OLD.id;
      END;
    `,
  fill: refillStaffIndexes,
};
