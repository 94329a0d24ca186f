// The embedded SessionStore: the `sessions` table of the embedded store's SQLite file (migration
// 5), so every process on the file sees a sign-out at once. Expired rows are removed when a new
// session starts; an ended row stays until its expiry passes, then goes the same way.
import type { DatabaseSync } from 'node:sqlite';
import { SESSION_TTL_MS } from '~/accounts/accounts.server';
import { StoreUnavailableError } from './booking-store.server';
import {
  isSessionId,
  newSessionId,
  sessionIdHash,
  type SessionStore,
  type SessionStoreOptions,
} from './session-store.server';
import { migrate } from './sqlite-booking-store.server';
import { openSqliteDatabase } from './sqlite-database.server';

export function createSqliteSessionStore({
  filename,
  ttlMs = SESSION_TTL_MS,
  now = Date.now,
}: SessionStoreOptions & { filename: string }): SessionStore {
  let db: DatabaseSync;
  try {
    // As every connection to the store's file: never WAL (see sqlite-database.server.ts).
    db = openSqliteDatabase(filename);
    migrate(db);
  } catch (error) {
    throw new StoreUnavailableError('The session store could not be opened.', { cause: error });
  }

  const statements = {
    insert: db.prepare(
      'INSERT INTO sessions (id_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
    ),
    live: db.prepare(
      'SELECT account_id FROM sessions WHERE id_hash = ? AND ended_at IS NULL AND expires_at > ?',
    ),
    end: db.prepare('UPDATE sessions SET ended_at = ? WHERE id_hash = ? AND ended_at IS NULL'),
    endAll: db.prepare(
      'UPDATE sessions SET ended_at = ? WHERE account_id = ? AND ended_at IS NULL',
    ),
    prune: db.prepare('DELETE FROM sessions WHERE expires_at <= ?'),
  };

  let closed = false;
  function guard<T>(work: () => T): Promise<T> {
    if (closed) return Promise.reject(new StoreUnavailableError('The session store is closed.'));
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(
        new StoreUnavailableError('The session store failed.', { cause: error }),
      );
    }
  }

  // ISO 8601 in UTC compares as text in time order.
  const iso = (ms: number) => new Date(ms).toISOString();

  return {
    kind: 'sqlite',

    start(accountId) {
      return guard(() => {
        const id = newSessionId();
        const started = now();
        statements.prune.run(iso(started));
        statements.insert.run(sessionIdHash(id), accountId, iso(started), iso(started + ttlMs));
        return id;
      });
    },

    accountOf(sessionId) {
      if (!isSessionId(sessionId)) return Promise.resolve(null);
      return guard(() => {
        const row = statements.live.get(sessionIdHash(sessionId), iso(now()));
        return row ? String(row.account_id) : null;
      });
    },

    end(sessionId) {
      if (!isSessionId(sessionId)) return Promise.resolve();
      return guard(() => {
        statements.end.run(iso(now()), sessionIdHash(sessionId));
      });
    },

    endAllOf(accountId) {
      return guard(() => {
        statements.endAll.run(iso(now()), accountId);
      });
    },

    close() {
      if (!closed) {
        closed = true;
        db.close();
      }
      return Promise.resolve();
    },
  };
}
