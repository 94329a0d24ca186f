// The errors of every store port, in one module. Callers recognise them with instanceof, never by
// their message; each adapter turns its driver's errors into these at its edge (fromSqliteError in
// sqlite-database.server.ts, fromFirestoreError in firestore-errors.server.ts), so nothing above
// the adapters knows SQLite or Firestore error codes.

/** Anything a store throws on purpose. */
export class StoreError extends Error {
  override name = 'StoreError';
}

/** The store could not be reached or refused the operation; the caller shows a clear error (503). */
export class StoreUnavailableError extends StoreError {
  override name = 'StoreUnavailableError';
}

/** The idempotency key was already used for a different booking request. */
export class IdempotencyConflictError extends StoreError {
  override name = 'IdempotencyConflictError';
}

/**
 * A record with the same unique key already exists: a booking reference or key reservation taken
 * by another writer, a document created twice. Adapters that retry with a new key catch it.
 */
export class RecordConflictError extends StoreError {
  override name = 'RecordConflictError';
}

/** A booking mutation tried to change what identifies the booking (a bug in the caller). */
export class ForbiddenMutationError extends StoreError {
  override name = 'ForbiddenMutationError';
}
