// The hosted VitalsStore: the `vitals` collection in Firestore, one document per route, metric and
// Queensland day ({ day, route, metric, seen, values }), its values at most maxValuesPerDay
// (5,000 numbers, about 50 KB: far below a document's limit). A batch is one transaction over the
// documents it touches; within an instance the batches of one route and day wait for each other
// (a queue), so only other instances' writes can make a transaction retry.
import type { DocumentReference } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections.server';
import { openFirestore, type FirestoreOptions } from './firebase-app.server';
import { createKeyedQueue } from './keyed-queue.server';
import {
  groupKey,
  MAX_VALUES_PER_DAY,
  reservoirSlot,
  summaryRows,
  type VitalsStore,
  type VitalsStoreOptions,
  type VitalsValue,
} from './vitals-store.server';
import type { VitalName } from '~/utils/vitals';

interface VitalsDocument {
  day: string;
  route: string;
  metric: VitalName;
  /** Values received that day. */
  seen: number;
  /** The kept ones (reservoirSlot). */
  values: number[];
}

/** A readable id that is unique per day, metric and route ("/" and "$" escaped). */
const documentId = (day: string, metric: string, route: string) =>
  `${day}_${metric}_${encodeURIComponent(route)}`;

export function createFirestoreVitalsStore(
  options: FirestoreOptions,
  { maxValuesPerDay = MAX_VALUES_PER_DAY }: VitalsStoreOptions = {},
): VitalsStore {
  const { db, run, close } = openFirestore(options, 'vitals-store');
  const documents = db.collection(COLLECTIONS.vitals);
  const queued = createKeyedQueue();

  function recordOne(day: string, route: string, values: VitalsValue[]) {
    const byDocument = new Map<
      string,
      { ref: DocumentReference; metric: VitalName; add: number[] }
    >();
    for (const { metric, value } of values) {
      const id = documentId(day, metric, route);
      const entry = byDocument.get(id) ?? { ref: documents.doc(id), metric, add: [] };
      entry.add.push(value);
      byDocument.set(id, entry);
    }
    const entries = [...byDocument.values()];
    return db.runTransaction(async (transaction) => {
      const snapshots = await transaction.getAll(...entries.map((entry) => entry.ref));
      entries.forEach(({ ref, metric, add }, index) => {
        const stored = snapshots[index]?.data() as Partial<VitalsDocument> | undefined;
        let seen = typeof stored?.seen === 'number' ? stored.seen : 0;
        const kept = Array.isArray(stored?.values) ? [...stored.values] : [];
        for (const value of add) {
          seen += 1;
          const slot = reservoirSlot(seen, maxValuesPerDay);
          if (slot !== null) kept[slot] = value;
        }
        const document: VitalsDocument = { day, route, metric, seen, values: kept };
        transaction.set(ref, document);
      });
    });
  }

  return {
    kind: 'firestore',

    record(day, values) {
      return run(async () => {
        const byRoute = new Map<string, VitalsValue[]>();
        for (const value of values) {
          byRoute.set(value.route, [...(byRoute.get(value.route) ?? []), value]);
        }
        await Promise.all(
          [...byRoute].map(([route, list]) =>
            queued(`${day} ${route}`, () => recordOne(day, route, list)),
          ),
        );
      });
    },

    summary({ from, to }) {
      return run(async () => {
        const snapshot = await documents.where('day', '>=', from).where('day', '<=', to).get();
        const groups = new Map<
          string,
          { route: string; metric: VitalName; samples: number; values: number[] }
        >();
        for (const doc of snapshot.docs) {
          const { route, metric, seen, values } = doc.data() as VitalsDocument;
          const key = groupKey(route, metric);
          const group = groups.get(key) ?? { route, metric, samples: 0, values: [] };
          group.samples += seen;
          group.values.push(...values);
          groups.set(key, group);
        }
        return summaryRows(groups);
      });
    },

    close,
  };
}
