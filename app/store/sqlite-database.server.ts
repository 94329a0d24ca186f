// Opens the embedded SQLite files (the store's, the sandbox payments') the one way that survives a
// storage fault. Every connection to a file must be opened here: the journal mode is a property of
// the file, so one connection that switches it to WAL puts every other one back at risk.
//
// Why not WAL: WAL keeps its index in `<file>-shm`, a file memory-mapped into the process. When
// that file can no longer be written (made immutable, a filesystem remounted read-only or shut
// down after disk errors) the kernel answers the next write to the mapping with SIGBUS, and Node
// dies with "Bus error": no exception, no 503, nothing left to answer /healthz. A rollback
// journal with memory-mapped I/O off does every read and write through system calls, so the same
// fault is an SQLite error (disk I/O error, read-only database) that the store turns into
// StoreUnavailableError, and the connection works again once the storage does. The price is that
// a reader waits while a writer commits (busy_timeout) and a commit costs an fsync or two.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { log } from '~/utils/log.server';
import { RecordConflictError, StoreError, StoreUnavailableError } from './store-errors.server';

export interface OpenSqliteOptions {
  /** How long a statement waits for another process's lock before failing (ms). */
  busyTimeoutMs?: number;
}

/** The database file of the embedded store inside a data folder (every port's tables are in it). */
export function sqliteStorePath(dataDir: string): string {
  return path.join(dataDir, 'store.sqlite');
}

/** The journal mode of every file-backed connection (see above: never WAL). */
export const SQLITE_JOURNAL_MODE = 'truncate';

export function openSqliteDatabase(
  filename: string,
  { busyTimeoutMs = 5000 }: OpenSqliteOptions = {},
): DatabaseSync {
  if (filename !== ':memory:') mkdirSync(path.dirname(filename), { recursive: true });
  const db = new DatabaseSync(filename);
  try {
    db.exec(`PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    // A memory-mapped database file faults the same way as the WAL index: reads and writes go
    // through system calls instead (0 is SQLite's default, pinned here in case a build changes it).
    db.exec('PRAGMA mmap_size = 0');
    if (filename !== ':memory:') {
      // TRUNCATE, not DELETE: a failed write leaves an empty journal rather than a hot one, so
      // reads keep working while writes fail. Leaving WAL needs the file to itself: while an
      // older process still holds it in WAL this fails, and the next open switches it.
      try {
        db.exec(`PRAGMA journal_mode = ${SQLITE_JOURNAL_MODE}`);
      } catch (error) {
        log.warn('The SQLite file stays in WAL mode while another process holds it', {
          filename: path.basename(filename),
          error,
        });
      }
      db.exec('PRAGMA synchronous = FULL');
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** True for an error raised by SQLite or by the file system under it (not by the caller's code). */
export function isSqliteFault(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  return (typeof code === 'string' && code.startsWith('ERR_SQLITE')) || typeof syscall === 'string';
}

/** SQLite's primary result code of a UNIQUE, PRIMARY KEY or other constraint failure. */
const SQLITE_CONSTRAINT = 19;

/**
 * The store error for what a SQLite adapter caught: a constraint failure is a RecordConflictError,
 * any other SQLite or file-system fault (busy, locked, disk I/O, read-only, full) a
 * StoreUnavailableError; store errors and the caller's own errors pass unchanged.
 */
export function fromSqliteError(error: unknown, store: string): unknown {
  if (error instanceof StoreError || !isSqliteFault(error)) return error;
  const { errcode } = error as { errcode?: unknown };
  if (typeof errcode === 'number' && (errcode & 0xff) === SQLITE_CONSTRAINT) {
    return new RecordConflictError(`The ${store} already holds that record.`, { cause: error });
  }
  return new StoreUnavailableError(`The ${store} failed.`, { cause: error });
}

/** Runs `work` in a write transaction; rolls back and rethrows when it throws. */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    try {
      if (db.isTransaction) db.exec('ROLLBACK');
    } catch {
      // A failing disk may refuse the rollback too; SQLite rolls back on the next open or
      // transaction, and the original error is the one worth reporting.
    }
    throw error;
  }
}
