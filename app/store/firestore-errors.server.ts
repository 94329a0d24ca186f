// Firestore's errors, translated at the edge of every Firestore adapter: the gRPC status codes the
// adapters act on, and the store error each failure leaves as.
import { RecordConflictError, StoreError, StoreUnavailableError } from './store-errors.server';

/** The gRPC status codes of Firestore errors that the adapters tell apart. */
export const FIRESTORE_CODES = {
  /** An update or delete whose document is gone. */
  NOT_FOUND: 5,
  /** A create whose document already exists. */
  ALREADY_EXISTS: 6,
  /** A write whose precondition (the document's update time) no longer holds. */
  FAILED_PRECONDITION: 9,
  /** A transaction that met a concurrent one more often than its attempts allowed. */
  ABORTED: 10,
  /** The service cannot be reached. */
  UNAVAILABLE: 14,
} as const;

/** The gRPC status code of a Firestore error; undefined for any other error. */
export function firestoreCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/**
 * The store error for what a Firestore adapter caught: ALREADY_EXISTS is a RecordConflictError;
 * everything else (UNAVAILABLE, ABORTED after the retries, a deadline, a refused credential, a
 * network error) a StoreUnavailableError. Store errors pass unchanged.
 */
export function fromFirestoreError(error: unknown, store: string): StoreError {
  if (error instanceof StoreError) return error;
  if (firestoreCode(error) === FIRESTORE_CODES.ALREADY_EXISTS) {
    return new RecordConflictError(`The ${store} already holds that record.`, { cause: error });
  }
  return new StoreUnavailableError(`The ${store} did not answer.`, { cause: error });
}

/** Runs one call of a Firestore adapter, its failures translated by fromFirestoreError. */
export async function guardFirestore<T>(store: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw fromFirestoreError(error, store);
  }
}
