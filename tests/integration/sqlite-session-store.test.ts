// The SessionStore contract on the embedded SQLite adapter, plus what only SQLite shows: the
// `sessions` table of the store's file (migration 5) holds the SHA-256 of each id, never the id.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '~/store/booking-store.server';
import type { SessionStore } from '~/store/session-store.server';
import { sqliteStorePath } from '~/store/sqlite-booking-store.server';
import { createSqliteSessionStore } from '~/store/sqlite-session-store.server';
import { sessionStoreContract, type SessionStoreHarness } from './session-store.contract';

const root = mkdtempSync(path.join(tmpdir(), 'bc-sqlite-sessions-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let run = 0;
let filename = '';
let opened: SessionStore[] = [];

const harness: SessionStoreHarness = {
  open(options = {}) {
    const store = createSqliteSessionStore({ filename, ...options });
    opened.push(store);
    return store;
  },
  async reset() {
    await Promise.all(opened.map((store) => store.close()));
    opened = [];
    run += 1;
    filename = sqliteStorePath(path.join(root, `run-${run}`));
  },
};

describe('SQLite session store', () => {
  sessionStoreContract(() => harness);

  it('keeps only the SHA-256 of a session id, in the store file', async () => {
    await harness.reset();
    const id = await harness.open().start('account-a');
    const db = new DatabaseSync(filename);
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
