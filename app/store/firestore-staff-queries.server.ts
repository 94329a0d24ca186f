// The staff views' queries on Firestore: the bookings list, the cancellation requests, the money
// report and the partners, over the stored document's `staffIndex` (booking-staff-index.server.ts).
// Each query is first written as a plan (its filters and its order), from which the query is built
// and the composite index it needs is named: every plan a filter combination can make has its
// index in firestore.indexes.json (firestore-staff-queries.server.test.ts checks them all),
// so Firestore answers each page from an index, exact however many other bookings there are.
// Firestore cannot group, so the report reads the period's paid bookings, four fields of each.
// docs/decisions/043-staff-views-query-the-store.md
import { createHash } from 'node:crypto';
import type { Booking } from '@business-chauffeur/booking-contract';
import {
  FieldPath,
  type CollectionReference,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
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
import { handledFromAudit, STAFF_INDEX_VERSION, staffIndexOf } from './booking-staff-index.server';
import { fromStoredBooking, type StoredBooking } from './stored-booking.server';

/** What a staff query selects by and sorts by; the query and its index are made from it. */
export interface QueryPlan {
  /** Equality (`==`, `in`) and array filters, in the order of the index's fields. */
  filters: { field: string; op: '==' | 'in' | 'array-contains-any'; value: unknown }[];
  /** A range on the order field, bounds inclusive. */
  range?: { from?: string; to?: string };
  /** The field pages are sorted by (then the document id). */
  orderBy: string;
}

/** A composite index as firestore.indexes.json declares it. */
export interface CompositeIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION';
  fields: (
    { fieldPath: string; order: 'ASCENDING' } | { fieldPath: string; arrayConfig: 'CONTAINS' }
  )[];
}

export const PICKUP_AT = 'staffIndex.pickupAt';
export const REQUESTED_AT = 'staffIndex.cancellationRequestedAt';
export const ALERT_SINCE = 'staffIndex.alertSince';
const PAID_ON = 'staffIndex.paidOn';

/** The plan of a page of the bookings list (search keys from searchKeysOf, at most 30). */
export function staffListPlan(query: StaffBookingsQuery, keys: string[]): QueryPlan {
  const filters: QueryPlan['filters'] = [];
  if (keys.length > 0) {
    filters.push({ field: 'staffIndex.searchKeys', op: 'array-contains-any', value: keys });
  }
  if (query.status === 'not-draft') {
    filters.push({ field: 'staffIndex.listed', op: '==', value: true });
  } else if (query.status !== 'any') {
    filters.push({ field: 'bookingStatus', op: '==', value: query.status });
  }
  if (query.partner !== undefined) {
    filters.push({ field: 'partnerId', op: '==', value: query.partner });
  }
  return {
    filters,
    range:
      query.pickupFrom || query.pickupTo
        ? {
            ...(query.pickupFrom ? { from: query.pickupFrom } : {}),
            ...(query.pickupTo ? { to: endOfPickupDay(query.pickupTo) } : {}),
          }
        : undefined,
    orderBy: PICKUP_AT,
  };
}

/** The plan of a page of the cancellation requests (drafts left out). */
export function cancellationPlan(query: CancellationRequestsQuery): QueryPlan {
  return {
    filters: [
      { field: 'staffIndex.listed', op: '==', value: true },
      query.state === 'all'
        ? { field: 'staffIndex.cancellation', op: 'in', value: ['open', 'handled'] }
        : { field: 'staffIndex.cancellation', op: '==', value: query.state },
    ],
    orderBy: REQUESTED_AT,
  };
}

/**
 * The plan of a page of the bookings needing action: a range on the alert's time alone (which
 * leaves out the bookings whose `alertSince` is null), served by the single-field index.
 */
export function needingActionPlan(): QueryPlan {
  return { filters: [], range: { from: '' }, orderBy: ALERT_SINCE };
}

/**
 * The composite index a plan needs on the bookings collection; null when Firestore's automatic
 * single-field index serves it (no filter but a range and order on one field).
 */
export function indexOfPlan(plan: QueryPlan, collectionGroup = 'bookings'): CompositeIndex | null {
  if (plan.filters.length === 0) return null;
  return {
    collectionGroup,
    queryScope: 'COLLECTION',
    fields: [
      ...plan.filters.map((filter) =>
        filter.op === 'array-contains-any'
          ? { fieldPath: filter.field, arrayConfig: 'CONTAINS' as const }
          : { fieldPath: filter.field, order: 'ASCENDING' as const },
      ),
      { fieldPath: plan.orderBy, order: 'ASCENDING' as const },
    ],
  };
}

/** The query of a plan, sorted by its order field then the document id. */
function queryOf(collection: CollectionReference, plan: QueryPlan): Query {
  let query: Query = collection;
  for (const filter of plan.filters) query = query.where(filter.field, filter.op, filter.value);
  if (plan.range?.from !== undefined) query = query.where(plan.orderBy, '>=', plan.range.from);
  if (plan.range?.to !== undefined) query = query.where(plan.orderBy, '<=', plan.range.to);
  return query;
}

const bookingOf = (snapshot: { data(): unknown }): Booking =>
  fromStoredBooking(snapshot.data() as StoredBooking);

/** The document id of a partner in the partners collection (any text, a bounded id). */
export function partnerDocumentId(partner: string): string {
  return createHash('sha256').update(partner).digest('hex');
}

export function createFirestoreStaffQueries({
  db,
  bookings,
  partners,
  audit,
}: {
  db: Firestore;
  bookings: CollectionReference;
  /** One document per partner of a booking other than a draft ({ partner }). */
  partners: CollectionReference;
  /** The audit log's collection, read once per older booking by the reindex. */
  audit: CollectionReference;
}) {
  async function page(
    plan: QueryPlan,
    cursor: string | undefined,
    limit: number | undefined,
  ): Promise<StaffBookingsPage> {
    const size = staffPageSize(limit);
    const selected = queryOf(bookings, plan);
    let ordered = selected.orderBy(plan.orderBy).orderBy(FieldPath.documentId());
    const after = decodeStaffCursor(cursor);
    if (after) ordered = ordered.startAfter(after[0], after[1]);
    const [count, snapshot] = await Promise.all([
      selected.count().get(),
      ordered.limit(size + 1).get(),
    ]);
    const shown = snapshot.docs.slice(0, size);
    const last = shown.at(-1);
    return {
      bookings: shown.map(bookingOf),
      cursor:
        snapshot.docs.length > size && last
          ? encodeStaffCursor(String(last.get(plan.orderBy)), last.id)
          : null,
      total: count.data().count,
    };
  }

  return {
    listStaffBookings(query: StaffBookingsQuery): Promise<StaffBookingsPage> {
      const keys = query.search === undefined ? [] : searchKeysOf(query.search);
      if (query.search !== undefined && keys.length === 0) {
        return Promise.resolve({ bookings: [], cursor: null, total: 0 });
      }
      return page(staffListPlan(query, keys), query.cursor, query.limit);
    },

    listCancellationRequests(query: CancellationRequestsQuery): Promise<StaffBookingsPage> {
      return page(cancellationPlan(query), query.cursor, query.limit);
    },

    listNeedingAction(query: NeedingActionQuery): Promise<StaffBookingsPage> {
      return page(needingActionPlan(), query.cursor, query.limit);
    },

    async summarizePayments({ paidFrom, paidTo, by }: PaymentSummaryQuery) {
      // Only the period's paid bookings, and of each only what the report adds up (a range on one
      // field: the automatic single-field index serves it), a thousand at a time.
      const rows = new Map<string | null, PaymentSummaryRow>();
      let query = bookings
        .where(PAID_ON, '>=', paidFrom)
        .where(PAID_ON, '<=', paidTo)
        .orderBy(PAID_ON)
        .orderBy(FieldPath.documentId())
        .select('partnerId', PAID_ON, 'staffIndex.paidCents', 'staffIndex.refundedCents')
        .limit(1000);
      for (;;) {
        const snapshot = await query.get();
        for (const doc of snapshot.docs) {
          const paidOn = String(doc.get(PAID_ON));
          const key =
            by === 'day'
              ? paidOn
              : by === 'month'
                ? paidOn.slice(0, 7)
                : ((doc.get('partnerId') as string | null) ?? null);
          let row = rows.get(key);
          if (!row) rows.set(key, (row = { key, bookings: 0, paidCents: 0, refundedCents: 0 }));
          row.bookings += 1;
          row.paidCents += Number(doc.get('staffIndex.paidCents'));
          row.refundedCents += Number(doc.get('staffIndex.refundedCents'));
        }
        const last = snapshot.docs.at(-1);
        if (snapshot.docs.length < 1000 || !last) break;
        query = query.startAfter(last.get(PAID_ON), last.id);
      }
      return [...rows.values()];
    },

    async listPartners(): Promise<string[]> {
      const snapshot = await partners.get();
      return snapshot.docs.map((doc) => String(doc.get('partner'))).sort();
    },

    async reindexBookings({
      cursor,
      limit = 200,
    }: {
      cursor?: string;
      limit?: number;
    }): Promise<ReindexPage> {
      const size = Math.max(1, limit);
      let query = bookings.orderBy(FieldPath.documentId()).limit(size);
      const after = decodeStaffCursor(cursor)?.[1];
      if (after) query = query.startAfter(after);
      const snapshot = await query.get();
      let updated = 0;
      for (const doc of snapshot.docs) {
        if (
          (doc.get('staffIndex') as { version?: number } | undefined)?.version ===
          STAFF_INDEX_VERSION
        ) {
          continue;
        }
        // Marks made before the booking kept them live only in the audit log (docs/decisions/043).
        const entries =
          (doc.get('cancellationRequests') as unknown[] | undefined)?.length &&
          !doc.get('cancellationHandled')
            ? (await audit.where('subjectId', '==', doc.id).get()).docs.map(
                (entry) => entry.data() as { action: string; at: string; by: string; note: string },
              )
            : [];
        const wrote = await db.runTransaction(async (tx) => {
          const current = await tx.get(doc.ref);
          const stored = current.data() as StoredBooking | undefined;
          if (!stored || stored.staffIndex?.version === STAFF_INDEX_VERSION) return false;
          let booking = fromStoredBooking(stored);
          const handled = booking.cancellationHandled ? null : handledFromAudit(booking, entries);
          if (handled) booking = { ...booking, cancellationHandled: handled };
          const index = staffIndexOf(booking);
          tx.update(doc.ref, {
            staffIndex: index,
            ...(handled ? { cancellationHandled: handled } : {}),
          });
          if (booking.partner && index.listed) {
            tx.set(partners.doc(partnerDocumentId(booking.partner)), { partner: booking.partner });
          }
          return true;
        });
        if (wrote) updated += 1;
      }
      const last = snapshot.docs.at(-1);
      return {
        looked: snapshot.docs.length,
        updated,
        cursor: snapshot.docs.length === size && last ? encodeStaffCursor('', last.id) : null,
      };
    },
  };
}
