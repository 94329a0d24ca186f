// The embedded AuditLogStore: the `staff_audit` table of the store's SQLite file (migration 8).
import type { AuditEntry, AuditLogStore } from './audit-log-store.server';
import { openSqliteRecordLog } from './sqlite-record-log.server';

export function createSqliteAuditLogStore({ filename }: { filename: string }): AuditLogStore {
  const log = openSqliteRecordLog<AuditEntry>(filename, {
    store: 'audit log',
    table: 'staff_audit',
    columns: {
      subject_id: (entry) => entry.subjectId,
      created_at: (entry) => entry.at,
    },
  });
  return {
    kind: 'sqlite',
    record: (entry) => log.add(entry),
    listFor: (subjectId, { limit = 500 } = {}) => log.where('subject_id', subjectId, limit),
    listRecent: ({ limit = 100 } = {}) => log.newest(limit),
    close: () => log.close(),
  };
}
