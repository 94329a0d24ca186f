// What the Firestore feedback and application stores share: a collection of records that are
// only ever added (each under a new random id) and listed newest first by one time field.
import { newDocumentId } from './booking-ids.server';
import { openFirestore, type FirestoreOptions } from './firebase-app.server';

export interface FirestoreRecordLog<T extends { id: string }> {
  add(record: Omit<T, 'id'>): Promise<T>;
  newest(limit: number): Promise<T[]>;
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
