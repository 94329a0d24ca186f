// `npm run reindex-bookings` (scripts/reindex-bookings.mjs): fills what the staff views select by
// (`staffIndex`) in every booking stored before the staff queries, a page at a time, on the
// configured store. On SQLite migration 12 has done it on open, so nothing is left to fill; on
// Firestore a booking without it is in no staff list until this has run once after deploying
// (docs/decisions/043-staff-views-query-the-store.md). Safe to run again, beside running servers:
// each booking is rewritten in its own transaction, only when it still lacks the fields.
import { getBookingStore } from './store.server';

export interface ReindexSummary {
  looked: number;
  updated: number;
}

export async function reindexBookings(pageSize = 200): Promise<ReindexSummary> {
  const store = getBookingStore();
  const summary: ReindexSummary = { looked: 0, updated: 0 };
  let cursor: string | undefined;
  do {
    const page = await store.reindexBookings({ cursor, limit: pageSize });
    summary.looked += page.looked;
    summary.updated += page.updated;
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return summary;
}
