// The store errors at the adapters' edge: SQLite and Firestore failures become the typed classes
// callers test with instanceof, and applyMutation refuses a change of identity with its own class.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleNewBooking } from '../../tests/support/booking-fixtures';
import { applyMutation, type Booking } from './booking-store.server';
import { FIRESTORE_CODES, fromFirestoreError } from './firestore-errors.server';
import { fromSqliteError, openSqliteDatabase, transaction } from './sqlite-database.server';
import {
  ForbiddenMutationError,
  RecordConflictError,
  StoreUnavailableError,
} from './store-errors.server';

/** What `work` threw, translated as a SQLite adapter does. */
function sqliteFailure(work: () => void): unknown {
  try {
    work();
  } catch (error) {
    return fromSqliteError(error, 'test store');
  }
  throw new Error('The work did not fail.');
}

describe('fromSqliteError', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('makes a unique-key failure a RecordConflictError', () => {
    const db = openSqliteDatabase(':memory:');
    db.exec("CREATE TABLE t (id TEXT PRIMARY KEY) STRICT; INSERT INTO t VALUES ('a')");
    const failure = sqliteFailure(() => db.exec("INSERT INTO t VALUES ('a')"));
    expect(failure).toBeInstanceOf(RecordConflictError);
    expect((failure as Error).message).toBe('The test store already holds that record.');
  });

  it('makes a locked file (another process holds the write lock) a StoreUnavailableError', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bc-store-errors-'));
    const filename = path.join(dir, 'store.sqlite');
    const holder = openSqliteDatabase(filename);
    const waiter = openSqliteDatabase(filename, { busyTimeoutMs: 0 });
    holder.exec('BEGIN IMMEDIATE');
    const failure = sqliteFailure(() => transaction(waiter, () => undefined));
    holder.exec('ROLLBACK');
    holder.close();
    waiter.close();
    expect(failure).toBeInstanceOf(StoreUnavailableError);
    expect((failure as Error).cause).toMatchObject({ code: 'ERR_SQLITE_ERROR' });
  });

  it('leaves store errors and the caller’s own errors as they are', () => {
    const typed = new ForbiddenMutationError('no');
    const bug = new TypeError('not a store fault');
    expect(fromSqliteError(typed, 'test store')).toBe(typed);
    expect(fromSqliteError(bug, 'test store')).toBe(bug);
  });
});

describe('fromFirestoreError', () => {
  const grpcError = (code: number) => Object.assign(new Error(`${code} grpc`), { code });

  it('makes ALREADY_EXISTS a RecordConflictError', () => {
    expect(
      fromFirestoreError(grpcError(FIRESTORE_CODES.ALREADY_EXISTS), 'test store'),
    ).toBeInstanceOf(RecordConflictError);
  });

  it.each([FIRESTORE_CODES.UNAVAILABLE, FIRESTORE_CODES.ABORTED, FIRESTORE_CODES.NOT_FOUND])(
    'makes gRPC code %i a StoreUnavailableError',
    (code) => {
      const failure = fromFirestoreError(grpcError(code), 'test store');
      expect(failure).toBeInstanceOf(StoreUnavailableError);
      expect(failure.message).toBe('The test store did not answer.');
    },
  );

  it('makes a network error without a code a StoreUnavailableError, and keeps store errors', () => {
    expect(fromFirestoreError(new Error('socket hang up'), 'test store')).toBeInstanceOf(
      StoreUnavailableError,
    );
    const typed = new RecordConflictError('taken');
    expect(fromFirestoreError(typed, 'test store')).toBe(typed);
  });
});

describe('applyMutation', () => {
  const current: Booking = { ...sampleNewBooking(), id: 'booking-1', reference: 'MABC1234' };

  it('writes the mutated booking once, and nothing when the mutation returns null', () => {
    const written: Booking[] = [];
    const next = { ...current, updatedAt: '2031-01-01T00:00:00.000Z' };
    expect(
      applyMutation(
        current,
        () => next,
        (booking) => written.push(booking),
      ),
    ).toBe(next);
    expect(
      applyMutation(
        current,
        () => null,
        (booking) => written.push(booking),
      ),
    ).toBe(current);
    expect(written).toEqual([next]);
  });

  it('refuses a mutation that changes the id or the reference, writing nothing', () => {
    const write = () => {
      throw new Error('nothing may be written');
    };
    expect(() => applyMutation(current, (b) => ({ ...b, id: 'other' }), write)).toThrow(
      ForbiddenMutationError,
    );
    expect(() => applyMutation(current, (b) => ({ ...b, reference: 'MOTHER12' }), write)).toThrow(
      ForbiddenMutationError,
    );
  });
});
