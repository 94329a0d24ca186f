// The JobStore contract on its embedded SQLite adapter (migration 15), each instance with its own
// connection to one file, as two server processes would have.
import { describe } from 'vitest';
import { createSqliteJobStore } from '~/store/sqlite-job-store.server';
import { sqliteHarness } from '../support/store-harness';
import { jobStoreContract } from './job-store.contract';

describe('SQLite job store', () => {
  const jobs = sqliteHarness('sqlite-jobs', (filename) => createSqliteJobStore({ filename }));
  jobStoreContract(() => jobs);
});
