// How every adapter on the embedded store's SQLite file opens it and runs its work: one connection
// of its own (opened by openSqliteDatabase, never WAL), the schema brought up to date, and every
// call refused once closed. A SQLite or file-system failure leaves as a store error
// (fromSqliteError), which the routes answer with 503.
import type { DatabaseSync } from 'node:sqlite';
import { openSqliteDatabase, fromSqliteError, transaction } from './sqlite-database.server';
import { migrate } from './sqlite-migrations.server';
import { StoreUnavailableError } from './store-errors.server';

export interface SqliteStore {
  db: DatabaseSync;
  /** Runs `work` now; rejects with a store error when closed or when SQLite or the disk fails. */
  run<T>(work: () => T): Promise<T>;
  /** As run, inside one BEGIN IMMEDIATE transaction. */
  runInTransaction<T>(work: () => T): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens the store's file for one port ("the user store", named in its errors). `setUp` prepares
 * the schema (default: every migration); a file that cannot be opened is a StoreUnavailableError,
 * and the caller's getter tries again on the next request.
 */
export function openSqliteStore(
  filename: string,
  store: string,
  setUp: (db: DatabaseSync) => void = migrate,
): SqliteStore {
  let db: DatabaseSync;
  try {
    db = openSqliteDatabase(filename);
    setUp(db);
  } catch (error) {
    throw new StoreUnavailableError(`The ${store} could not be opened.`, { cause: error });
  }
  let closed = false;

  function run<T>(work: () => T): Promise<T> {
    try {
      if (closed) throw new StoreUnavailableError(`The ${store} is closed.`);
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(fromSqliteError(error, store));
    }
  }

  return {
    db,
    run,
    runInTransaction: (work) => run(() => transaction(db, work)),
    close() {
      if (!closed) {
        closed = true;
        db.close();
      }
      return Promise.resolve();
    },
  };
}

/** The record kept as JSON in the `document` column of a row; null when there is no row. */
export function documentOf<T>(row: Record<string, unknown> | undefined): T | null {
  return row ? (JSON.parse(String(row.document)) as T) : null;
}
