// The embedded LimitStore: its own SQLite file beside the store's (limits.sqlite in DATA_DIR), so
// every process that shares the data directory (a second instance, `npm run reconcile`) shares the
// counts. A reservation is one BEGIN IMMEDIATE transaction (`transaction`); node:sqlite is
// synchronous, so within a process it cannot interleave with another, and across processes the
// write lock orders them.
//
// The counts are disposable: losing the last few on a power cut, or the whole file, lets a client
// a few more requests, nothing more. So this file is written without waiting for the disk
// (synchronous = OFF): a reservation costs a fraction of a millisecond instead of a disk flush
// (about 4 ms here, which capped the whole API near 250 requests a second), and its rollback
// journal is kept in memory. Such a file can be damaged by a power cut or by a process killed
// mid-commit; one that fails its check on opening is removed and started afresh. The
// bookings' file keeps its full durability: that is why the counts are not in it.
import {
  expiryOf,
  limitKeyHash,
  slideWindow,
  type LimitHit,
  type LimitStore,
} from './limit-store.server';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { log } from '~/utils/log.server';
import { openSqliteStore } from './sqlite-store.server';

/** The counts' file, beside the store's file. */
export function sqliteLimitsPath(storeFilename: string): string {
  return storeFilename === ':memory:'
    ? ':memory:'
    : path.join(path.dirname(storeFilename), 'limits.sqlite');
}

/** Removes a counts file that is damaged (a power cut without a flush), so it starts afresh. */
function discardIfDamaged(filename: string) {
  if (filename === ':memory:' || !existsSync(filename)) return;
  let healthy = false;
  try {
    const db = new DatabaseSync(filename, { readOnly: true });
    try {
      healthy = db.prepare('PRAGMA quick_check').get()?.quick_check === 'ok';
    } finally {
      db.close();
    }
  } catch {
    healthy = false;
  }
  if (healthy) return;
  log.warn('The rate-limit counts file was damaged and starts afresh', {
    filename: path.basename(filename),
  });
  for (const suffix of ['', '-journal', '-wal', '-shm'])
    rmSync(`${filename}${suffix}`, { force: true });
}

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
  discardIfDamaged(filename);
  const { db, runInTransaction, close } = openSqliteStore(
    filename,
    'rate-limit store',
    (database) => {
      database.exec('PRAGMA synchronous = OFF');
      // The rollback journal in memory: a reservation writes its pages and nothing else (about
      // 20 µs instead of 60 with the journal file). A process killed in the middle of a commit
      // can leave the file damaged, which the next opening discards (discardIfDamaged).
      database.exec('PRAGMA journal_mode = MEMORY');
      database.exec(SCHEMA);
    },
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
