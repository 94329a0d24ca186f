// The embedded LimitStore: a table in the embedded store's SQLite file, so every process that
// shares the file (a second instance, `npm run reconcile`) shares the counts. A reservation is one
// BEGIN IMMEDIATE transaction (`transaction`); node:sqlite is synchronous, so within a process it cannot interleave
// with another, and across processes the write lock orders them.
import {
  expiryOf,
  limitKeyHash,
  slideWindow,
  type LimitHit,
  type LimitStore,
} from './limit-store.server';
import { openSqliteStore } from './sqlite-store.server';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS rate_limits (
    key TEXT PRIMARY KEY,
    limiter TEXT NOT NULL,
    hits TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS rate_limits_expires_at ON rate_limits (expires_at);
  CREATE INDEX IF NOT EXISTS rate_limits_limiter ON rate_limits (limiter);
`;

/** Expired counters are swept after this many reservations (one cheap indexed delete). */
const SWEEP_EVERY = 500;

export function createSqliteLimitStore({ filename }: { filename: string }): LimitStore {
  // The counters share the file with the bookings, so they keep its full durability: a weaker
  // sync setting on a rollback journal could damage the whole file on a power cut.
  const { db, runInTransaction, close } = openSqliteStore(
    filename,
    'rate-limit store',
    (database) => database.exec(SCHEMA),
  );

  const statements = {
    get: db.prepare('SELECT hits FROM rate_limits WHERE key = ?'),
    put: db.prepare(
      `INSERT INTO rate_limits (key, limiter, hits, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET hits = excluded.hits, expires_at = excluded.expires_at`,
    ),
    setHits: db.prepare('UPDATE rate_limits SET hits = ? WHERE key = ?'),
    remove: db.prepare('DELETE FROM rate_limits WHERE key = ?'),
    sweep: db.prepare('DELETE FROM rate_limits WHERE expires_at < ?'),
    clear: db.prepare('DELETE FROM rate_limits WHERE limiter = ?'),
  };

  let sinceSweep = 0;

  function readHits(key: string): LimitHit[] {
    const row = statements.get.get(key);
    if (!row) return [];
    const parsed: unknown = JSON.parse(String(row.hits));
    return Array.isArray(parsed) ? (parsed as LimitHit[]) : [];
  }

  return {
    kind: 'sqlite',

    reserve(input) {
      return runInTransaction(() => {
        const key = limitKeyHash(input.limiter, input.key);
        const { decision, hits } = slideWindow(readHits(key), input);
        // A refused hit is not counted, so nothing is written for it.
        if (decision.allowed) {
          statements.put.run(
            key,
            input.limiter,
            JSON.stringify(hits),
            expiryOf(hits, input.windowMs),
          );
        }
        sinceSweep += 1;
        if (sinceSweep >= SWEEP_EVERY) {
          sinceSweep = 0;
          statements.sweep.run(input.now);
        }
        return decision;
      });
    },

    release({ limiter, key, token }) {
      return runInTransaction(() => {
        const hashed = limitKeyHash(limiter, key);
        const hits = readHits(hashed);
        const kept = hits.filter((hit) => hit.token !== token);
        if (kept.length === hits.length) return;
        if (kept.length === 0) statements.remove.run(hashed);
        // The expiry stays: it was set by the newest hit, and a shorter log expires no later.
        else statements.setHits.run(JSON.stringify(kept), hashed);
      });
    },

    clear(limiter) {
      return runInTransaction(() => {
        statements.clear.run(limiter);
      });
    },

    close,
  };
}
