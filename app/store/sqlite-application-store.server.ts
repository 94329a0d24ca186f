// The embedded ApplicationStore: the `applications` table of the store's SQLite file (migration
// 2), one JSON document per application with its type and time beside it.
import type { ApplicationRecord, ApplicationStore } from './application-store.server';
import { openSqliteRecordLog } from './sqlite-record-log.server';

export function createSqliteApplicationStore({ filename }: { filename: string }): ApplicationStore {
  const log = openSqliteRecordLog<ApplicationRecord>(filename, {
    store: 'application store',
    table: 'applications',
    columns: {
      type: (application) => application.type,
      created_at: (application) => application.createdAt,
    },
  });
  return {
    kind: 'sqlite',
    addApplication: (application) => log.add(application),
    listApplications: ({ limit = 100 } = {}) => log.newest(limit),
    getApplication: (id) => log.get(id),
    setHandling: (id, handling) => log.update(id, { handling }),
    close: () => log.close(),
  };
}
