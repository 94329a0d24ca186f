// The embedded SessionStore: the `sessions` table of the embedded store's SQLite file (migration
// 5), so every process on the file sees a sign-out at once. Expired rows are removed when a new
// session starts; an ended row stays until its expiry passes, then goes the same way.
import {
  isSessionId,
  newSessionId,
  SESSION_TTL_MS,
  sessionIdHash,
  type SessionStore,
  type SessionStoreOptions,
} from './session-store.server';
import { openSqliteStore } from './sqlite-store.server';

export function createSqliteSessionStore({
  filename,
  ttlMs = SESSION_TTL_MS,
  now = Date.now,
}: SessionStoreOptions & { filename: string }): SessionStore {
  const { db, run: guard, close } = openSqliteStore(filename, 'session store');

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

    close,
  };
}
