// The hosted AttentionStore: the `bookingAttention` collection of Firestore, one document per
// booking keyed by its id. A raise and a mark each read and write in one transaction; the unseen
// records of a page of bookings are one batched read.
import { COLLECTIONS } from './collections.server';
import { openFirestore, type FirestoreOptions } from './firebase-app.server';
import { raised, seen, type Attention, type AttentionStore } from './attention-store.server';

const TRANSACTION_OPTIONS = { maxAttempts: 10 };
/** Documents per batched read. */
const READ_BATCH = 100;

export function createFirestoreAttentionStore(options: FirestoreOptions): AttentionStore {
  const { db, run, close } = openFirestore(options, 'attention-store');
  const records = db.collection(COLLECTIONS.bookingAttention);

  return {
    kind: 'firestore',
    raise: (bookingId, reason, at) =>
      run(() =>
        db.runTransaction(async (tx) => {
          const ref = records.doc(bookingId);
          const current = ((await tx.get(ref)).data() as Attention | undefined) ?? null;
          const record = raised(current, bookingId, reason, at);
          tx.set(ref, record);
          return record;
        }, TRANSACTION_OPTIONS),
      ),
    markSeen: (bookingId, by, at) =>
      run(() =>
        db.runTransaction(async (tx) => {
          const ref = records.doc(bookingId);
          const record = seen(
            ((await tx.get(ref)).data() as Attention | undefined) ?? null,
            by,
            at,
          );
          if (record) tx.set(ref, record);
          return record !== null;
        }, TRANSACTION_OPTIONS),
      ),
    listUnseen: (bookingIds) =>
      run(async () => {
        const ids = [...new Set(bookingIds)];
        const found: Attention[] = [];
        for (let start = 0; start < ids.length; start += READ_BATCH) {
          const refs = ids.slice(start, start + READ_BATCH).map((id) => records.doc(id));
          if (refs.length === 0) continue;
          for (const snapshot of await db.getAll(...refs)) {
            const record = snapshot.data() as Attention | undefined;
            if (record && record.seenAt === null) found.push(record);
          }
        }
        return found;
      }),
    close,
  };
}
