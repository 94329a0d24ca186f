// The hosted AuditLogStore: the `staffAudit` collection in Firestore, one document per action.
import type { AuditEntry, AuditLogStore } from './audit-log-store.server';
import { COLLECTIONS } from './collections.server';
import type { FirestoreOptions } from './firebase-app.server';
import { openFirestoreRecordLog } from './firestore-record-log.server';

export function createFirestoreAuditLogStore(options: FirestoreOptions): AuditLogStore {
  const log = openFirestoreRecordLog<AuditEntry>(options, {
    collection: COLLECTIONS.staffAudit,
    timeField: 'at',
    store: 'audit-log',
  });
  return {
    kind: 'firestore',
    record: (entry) => log.add(entry),
    listFor: (subjectId, { limit = 500 } = {}) => log.where('subjectId', subjectId, limit),
    listRecent: ({ limit = 100 } = {}) => log.newest(limit),
    close: () => log.close(),
  };
}
