// What the Firestore feedback and application stores share: a collection of records, each added
// once under a new random id (created, never overwritten by an add) and listed newest first by one
// time field; `update` changes top-level fields of one record (staff handling), never its id.
import { newDocumentId } from './booking-ids.server';
import { openFirestore, type FirestoreOptions } from './firebase-app.server';

export interface FirestoreRecordLog<T extends { id: string }> {
  add(record: Omit<T, 'id'>): Promise<T>;
  newest(limit: number): Promise<T[]>;
  /** One record by its id; null when there is none. */
  get(id: string): Promise<T | null>;
  /**
   * Sets top-level fields of one record (read and written in one transaction); the record as it
   * now is, or null when there is none.
   */
  update(id: string, fields: Partial<Omit<T, 'id'>>): Promise<T | null>;
  /**
   * The records whose `field` equals `value`, oldest first by the time field: a single-field
   * query (no composite index to deploy), sorted here.
   */
  where(field: keyof T & string, value: string, limit: number): Promise<T[]>;
  close(): Promise<void>;
}

export function openFirestoreRecordLog<T extends { id: string }>(
  options: FirestoreOptions,
  {
    collection,
    timeField,
    store,
  }: {
    collection: string;
    timeField: keyof T & string;
    /** Names its Firebase app and its errors ("feedback-store"). */
    store: string;
  },
): FirestoreRecordLog<T> {
  const { db, run, close } = openFirestore(options, store);
  const records = db.collection(collection);
  return {
    add(input) {
      return run(async () => {
        const record = { id: newDocumentId(), ...input } as T;
        // create, not set: a new random id never overwrites a record.
        await records.doc(record.id).create(record);
        return record;
      });
    },
    newest(limit) {
      return run(async () => {
        const snapshot = await records.orderBy(timeField, 'desc').limit(limit).get();
        return snapshot.docs.map((doc) => doc.data() as T);
      });
    },
    get(id) {
      return run(async () => {
        const snapshot = await records.doc(id).get();
        return snapshot.exists ? (snapshot.data() as T) : null;
      });
    },
    update(id, fields) {
      return run(() =>
        db.runTransaction(async (transaction) => {
          const ref = records.doc(id);
          const snapshot = await transaction.get(ref);
          if (!snapshot.exists) return null;
          const changed: Record<string, unknown> = { ...fields };
          delete changed.id;
          transaction.update(ref, changed);
          return { ...(snapshot.data() as T), ...changed } as T;
        }),
      );
    },
    where(field, value, limit) {
      return run(async () => {
        const snapshot = await records.where(field, '==', value).limit(limit).get();
        return snapshot.docs
          .map((doc) => doc.data() as T)
          .sort((a, b) => String(a[timeField]).localeCompare(String(b[timeField])));
      });
    },
    close,
  };
}
