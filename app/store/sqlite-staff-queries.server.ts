// The staff views' queries on the embedded SQLite store: the bookings list, the cancellation
// requests, the money report and the partners, over the generated columns, indexes and search key
// table of migration 12. Each page is read in index order from a (sort value, id) position, so it
// is exact however many other bookings there are; the report is summed by SQLite in integer cents.
// The SQLite booking adapter runs these inside its guard (docs/decisions/043).
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { Booking } from '@business-chauffeur/booking-contract';
import {
  decodeStaffCursor,
  encodeStaffCursor,
  endOfPickupDay,
  staffPageSize,
  type CancellationRequestsQuery,
  type NeedingActionQuery,
  type PaymentSummaryQuery,
  type PaymentSummaryRow,
  type ReindexPage,
  type StaffBookingsPage,
  type StaffBookingsQuery,
} from './booking-store.server';
import { searchKeysOf } from './booking-search.server';
import { transaction } from './sqlite-database.server';
import { fillStaffIndex } from './sqlite-staff-index.server';
import { fromStoredBooking, type StoredBooking } from './stored-booking.server';

type Params = Record<string, SQLInputValue>;

interface Selection {
  /** Conditions joined with AND; the literal `status <> 'DRAFT'` lets SQLite use the partial indexes. */
  where: string[];
  params: Params;
}

const GROUP_KEYS: Record<PaymentSummaryQuery['by'], string> = {
  day: 'paid_on',
  month: 'substr(paid_on, 1, 7)',
  partner: 'partner',
};

/**
 * The list's filters as conditions. With a search they apply to booking_search_keys, which holds
 * each key with its booking's status and pickup time (the partner is read from the booking).
 */
function listSelection(query: StaffBookingsQuery, keys: string[]): Selection {
  const where: string[] = [];
  const params: Params = {};
  if (keys.length > 0) {
    const names = keys.map((key, index) => {
      params[`key${index}`] = key;
      return `:key${index}`;
    });
    where.push(`key IN (${names.join(', ')})`);
  }
  if (query.status === 'not-draft') where.push("status <> 'DRAFT'");
  else if (query.status !== 'any') {
    where.push('status = :status');
    params.status = query.status;
  }
  if (query.pickupFrom) {
    where.push('pickup_at >= :pickupFrom');
    params.pickupFrom = query.pickupFrom;
  }
  if (query.pickupTo) {
    where.push('pickup_at <= :pickupTo');
    params.pickupTo = endOfPickupDay(query.pickupTo);
  }
  const partner =
    keys.length > 0 ? '(SELECT partner FROM bookings WHERE id = booking_id)' : 'partner';
  if (query.partner === null) where.push(`${partner} IS NULL`);
  else if (query.partner !== undefined) {
    where.push(`${partner} = :partner`);
    params.partner = query.partner;
  }
  return { where, params };
}

function cancellationSelection(query: CancellationRequestsQuery): Selection {
  const where = ['cancellation IS NOT NULL', "status <> 'DRAFT'"];
  const params: Params = {};
  if (query.state !== 'all') {
    where.push('cancellation = :state');
    params.state = query.state;
  }
  return { where, params };
}

const whereClause = (where: string[]) => (where.length > 0 ? `WHERE ${where.join(' AND ')}` : '');

const bookingOf = (row: Record<string, unknown>): Booking =>
  fromStoredBooking(JSON.parse(String(row.document)) as StoredBooking);

const afterParams = (after: [string, string] | null): Params =>
  after ? { afterSort: after[0], afterId: after[1] } : {};

/** The page of `size` from rows read one further (which says whether another page follows). */
function pageOf(rows: Record<string, unknown>[], size: number, total: number): StaffBookingsPage {
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return {
    bookings: shown.map(bookingOf),
    cursor:
      rows.length > size && last ? encodeStaffCursor(String(last.sort), String(last.id)) : null,
    total,
  };
}

export function createSqliteStaffQueries(db: DatabaseSync) {
  // The statements differ by which filters are set: a handful of shapes, each prepared once.
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };

  /** One page ordered by `sortColumn` then id, from the cursor's position, and the total. */
  function page(
    selection: Selection,
    sortColumn: string,
    cursor: string | undefined,
    limit: number | undefined,
  ): StaffBookingsPage {
    const size = staffPageSize(limit);
    const { where, params } = selection;
    const total = Number(
      prepared(`SELECT COUNT(*) AS total FROM bookings ${whereClause(where)}`).get(params)?.total,
    );
    const after = decodeStaffCursor(cursor);
    const pageWhere = after ? [...where, `(${sortColumn}, id) > (:afterSort, :afterId)`] : where;
    const rows = prepared(
      `SELECT ${sortColumn} AS sort, id, document FROM bookings ${whereClause(pageWhere)}
       ORDER BY ${sortColumn}, id LIMIT :limit`,
    ).all({ ...params, ...afterParams(after), limit: size + 1 });
    return pageOf(rows, size, total);
  }

  /**
   * A page of a search: the bookings with any of the keys, read from booking_search_keys in
   * pickup order (a booking with two of the keys once), then their documents.
   */
  function searchPage(
    selection: Selection,
    cursor: string | undefined,
    limit: number | undefined,
  ): StaffBookingsPage {
    const size = staffPageSize(limit);
    const { where, params } = selection;
    const total = Number(
      prepared(
        `SELECT COUNT(DISTINCT booking_id) AS total FROM booking_search_keys ${whereClause(where)}`,
      ).get(params)?.total,
    );
    const after = decodeStaffCursor(cursor);
    const pageWhere = after
      ? [...where, '(pickup_at, booking_id) > (:afterSort, :afterId)']
      : where;
    const rows = prepared(
      `SELECT found.pickup_at AS sort, found.booking_id AS id, bookings.document
       FROM (SELECT DISTINCT pickup_at, booking_id FROM booking_search_keys ${whereClause(pageWhere)}
             ORDER BY pickup_at, booking_id LIMIT :limit) AS found
       JOIN bookings ON bookings.id = found.booking_id
       ORDER BY found.pickup_at, found.booking_id`,
    ).all({ ...params, ...afterParams(after), limit: size + 1 });
    return pageOf(rows, size, total);
  }

  return {
    listStaffBookings(query: StaffBookingsQuery): StaffBookingsPage {
      const keys = query.search === undefined ? [] : searchKeysOf(query.search);
      if (query.search !== undefined && keys.length === 0) {
        return { bookings: [], cursor: null, total: 0 };
      }
      const selection = listSelection(query, keys);
      return keys.length > 0
        ? searchPage(selection, query.cursor, query.limit)
        : page(selection, 'pickup_at', query.cursor, query.limit);
    },

    listCancellationRequests(query: CancellationRequestsQuery): StaffBookingsPage {
      return page(
        cancellationSelection(query),
        'cancellation_requested_at',
        query.cursor,
        query.limit,
      );
    },

    listNeedingAction(query: NeedingActionQuery): StaffBookingsPage {
      const selection = { where: ['alert_since IS NOT NULL'], params: {} };
      return page(selection, 'alert_since', query.cursor, query.limit);
    },

    summarizePayments({ paidFrom, paidTo, by }: PaymentSummaryQuery): PaymentSummaryRow[] {
      // Summed over the covering index bookings_paid: no document is read.
      return prepared(
        `SELECT ${GROUP_KEYS[by]} AS key, COUNT(*) AS bookings, SUM(paid_cents) AS paid,
                SUM(refunded_cents) AS refunded
         FROM bookings WHERE paid_on IS NOT NULL AND paid_on >= ? AND paid_on <= ?
         GROUP BY 1 ORDER BY 1`,
      )
        .all(paidFrom, paidTo)
        .map((row) => ({
          key: row.key === null ? null : String(row.key),
          bookings: Number(row.bookings),
          paidCents: Number(row.paid),
          refundedCents: Number(row.refunded),
        }));
    },

    listPartners(): string[] {
      return prepared(
        `SELECT DISTINCT partner FROM bookings
         WHERE partner IS NOT NULL AND status <> 'DRAFT' ORDER BY partner`,
      )
        .all()
        .map((row) => String(row.partner));
    },

    reindexBookings({ cursor, limit = 500 }: { cursor?: string; limit?: number }): ReindexPage {
      const after = decodeStaffCursor(cursor)?.[1] ?? '';
      const filled = transaction(db, () => fillStaffIndex(db, after, Math.max(1, limit)));
      return {
        looked: filled.looked,
        updated: filled.updated,
        cursor: filled.lastId === null ? null : encodeStaffCursor('', filled.lastId),
      };
    },
  };
}
