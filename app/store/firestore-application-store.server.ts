// The hosted ApplicationStore: the `applications` collection in Firestore, one document each.
import type { ApplicationRecord, ApplicationStore } from './application-store.server';
import { COLLECTIONS } from './collections.server';
import type { FirestoreOptions } from './firebase-app.server';
import { openFirestoreRecordLog } from './firestore-record-log.server';

export function createFirestoreApplicationStore(options: FirestoreOptions): ApplicationStore {
  const log = openFirestoreRecordLog<ApplicationRecord>(options, {
    collection: COLLECTIONS.applications,
    timeField: 'createdAt',
    store: 'application-store',
  });
  return {
    kind: 'firestore',
    addApplication: (application) => log.add(application),
    listApplications: ({ limit = 100 } = {}) => log.newest(limit),
    getApplication: (id) => log.get(id),
    setHandling: (id, handling) => log.update(id, { handling }),
    close: () => log.close(),
  };
}
