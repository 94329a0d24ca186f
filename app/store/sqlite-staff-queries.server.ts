// The staff views' queries on the embedded SQLite store: the bookings list, the cancellation
// requests, the money report and the partners, over the generated columns, indexes and search key
// table of migration 10. Each page is read in index order from a (sort value, id) position, so it
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

function listSelection(query: StaffBookingsQuery, keys: string[]): Selection {
  const where: string[] = [];
  const params: Params = {};
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
  if (query.partner === null) where.push('partner IS NULL');
  else if (query.partner !== undefined) {
    where.push('partner = :partner');
    params.partner = query.partner;
  }
  if (keys.length > 0) {
    const names = keys.map((key, index) => {
      params[`key${index}`] = key;
      return `:key${index}`;
    });
    where.push(
      `id IN (SELECT booking_id FROM booking_search_keys WHERE key IN (${names.join(', ')}))`,
    );
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
    ).all({
      ...params,
      ...(after ? { afterSort: after[0], afterId: after[1] } : {}),
      limit: size + 1,
    });
    const shown = rows.slice(0, size);
    const last = shown.at(-1);
    return {
      bookings: shown.map(bookingOf),
      cursor:
        rows.length > size && last ? encodeStaffCursor(String(last.sort), String(last.id)) : null,
      total,
    };
  }

  return {
    listStaffBookings(query: StaffBookingsQuery): StaffBookingsPage {
      const keys = query.search === undefined ? [] : searchKeysOf(query.search);
      if (query.search !== undefined && keys.length === 0) {
        return { bookings: [], cursor: null, total: 0 };
      }
      return page(listSelection(query, keys), 'pickup_at', query.cursor, query.limit);
    },

    listCancellationRequests(query: CancellationRequestsQuery): StaffBookingsPage {
      return page(
        cancellationSelection(query),
        'cancellation_requested_at',
        query.cursor,
        query.limit,
      );
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
