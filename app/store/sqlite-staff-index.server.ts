// Fills `staffIndex` in stored booking documents of the SQLite file that have none or an older one:
// migration 12 runs it over every booking when it adds the staff queries' columns, and the
// adapter's reindexBookings runs it a page at a time. Only `staffIndex` (and a cancellation
// request's handled mark, from the audit log) is set in the document; the triggers of migration
// 10 rebuild the booking's search keys from it.
import type { DatabaseSync } from 'node:sqlite';
import {
  CANCELLATION_HANDLED_ACTION,
  handledFromAudit,
  STAFF_INDEX_VERSION,
  staffIndexOf,
} from './booking-staff-index.server';
import { fromStoredBooking, type StoredBooking } from './stored-booking.server';

export interface FillPage {
  looked: number;
  updated: number;
  /** The last id looked at; null when no booking follows. */
  lastId: string | null;
}

/** Fills the documents of at most `limit` bookings with an id after `afterId`, in id order. */
export function fillStaffIndex(db: DatabaseSync, afterId: string, limit: number): FillPage {
  const rows = db
    .prepare('SELECT id, document FROM bookings WHERE id > ? ORDER BY id LIMIT ?')
    .all(afterId, limit);
  const hasAudit = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'staff_audit'")
    .get();
  // Marks made before the booking kept them live only in the audit log (docs/decisions/043).
  const handledEntries = hasAudit
    ? db.prepare(
        `SELECT json_extract(document, '$.action') AS action, json_extract(document, '$.at') AS at,
                json_extract(document, '$.by') AS by, json_extract(document, '$.note') AS note
         FROM staff_audit WHERE subject_id = ? AND json_extract(document, '$.action') = ?`,
      )
    : null;
  const write = db.prepare(
    `UPDATE bookings SET document = json_set(document, '$.staffIndex', json(?)) WHERE id = ?`,
  );
  const writeHandled = db.prepare(
    `UPDATE bookings SET document = json_set(document, '$.staffIndex', json(?),
       '$.cancellationHandled', json(?)) WHERE id = ?`,
  );
  let updated = 0;
  for (const row of rows) {
    const document = JSON.parse(String(row.document)) as StoredBooking;
    if (document.staffIndex?.version === STAFF_INDEX_VERSION) continue;
    let booking = fromStoredBooking(document);
    const handled =
      !booking.cancellationHandled && booking.cancellationRequests.length > 0 && handledEntries
        ? handledFromAudit(
            booking,
            handledEntries.all(booking.id, CANCELLATION_HANDLED_ACTION).map((entry) => ({
              action: String(entry.action),
              at: String(entry.at),
              by: String(entry.by),
              note: String(entry.note ?? ''),
            })),
          )
        : null;
    if (handled) booking = { ...booking, cancellationHandled: handled };
    const index = JSON.stringify(staffIndexOf(booking));
    if (handled) writeHandled.run(index, JSON.stringify(handled), booking.id);
    else write.run(index, booking.id);
    updated += 1;
  }
  const last = rows.at(-1);
  return {
    looked: rows.length,
    updated,
    lastId: rows.length === limit && last ? String(last.id) : null,
  };
}
