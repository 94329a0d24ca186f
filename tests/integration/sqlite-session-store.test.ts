// The SessionStore contract on the embedded SQLite adapter, plus what only SQLite shows: the
// `sessions` table of the store's file (migration 5) holds the SHA-256 of each id, never the id.
import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createSqliteSessionStore } from '~/store/sqlite-session-store.server';
import { StoreUnavailableError } from '~/store/store-errors.server';
import { sqliteHarness } from '../support/store-harness';
import { sessionStoreContract, type SessionStoreHarness } from './session-store.contract';

describe('SQLite session store', () => {
  const harness = sqliteHarness('sqlite-sessions', (filename, options) =>
    createSqliteSessionStore({ filename, ...options }),
  ) satisfies SessionStoreHarness;

  sessionStoreContract(() => harness);

  it('keeps only the SHA-256 of a session id, in the store file', async () => {
    await harness.reset();
    const id = await harness.open().start('account-a');
    const db = new DatabaseSync(harness.filename);
    const rows = db.prepare('SELECT * FROM sessions').all();
    const versions = db.prepare('SELECT version FROM schema_migrations').all();
    db.close();
    expect(rows).toEqual([
      expect.objectContaining({
        id_hash: createHash('sha256').update(id).digest('hex'),
        account_id: 'account-a',
        ended_at: null,
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(versions.map((row) => row.version)).toContain(5);
    await harness.reset();
  });

  it('refuses work once closed', async () => {
    await harness.reset();
    const store = harness.open();
    const id = await store.start('account-a');
    await store.close();
    await expect(store.accountOf(id)).rejects.toBeInstanceOf(StoreUnavailableError);
    await harness.reset();
  });
});
