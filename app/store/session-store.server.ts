// The SessionStore port: the server-side record of every sign-in, so that a session can end
// before its cookie does. Each sign-in (and sign-up) starts a session with a fresh random id that
// only the signed cookie holds; the store keeps its SHA-256, never the id, so a copy of the store
// cannot be replayed as cookies. A session is live while its record exists, has not been ended
// (sign-out, a password reset) and has not expired (SESSION_TTL_MS after it started).
//
// Two adapters share the booking store's database: a `sessions` table in the embedded SQLite
// file and a `sessions` collection in Firestore (whose `expiresAt` field a TTL policy uses to
// delete dead records). Both pass tests/integration/session-store.contract.ts.
import { createHash, randomBytes } from 'node:crypto';

/** How long a sign-in lasts (the session cookie's lifetime too). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface SessionStore {
  readonly kind: 'sqlite' | 'firestore';

  /** Starts a session of the account and resolves to its id (for the cookie only). */
  start(accountId: string): Promise<string>;

  /** The account of a live session; null when the id is unknown, ended or expired. */
  accountOf(sessionId: string): Promise<string | null>;

  /** Ends one session (sign-out); ending an unknown or ended one is not an error. */
  end(sessionId: string): Promise<void>;

  /** Ends every session of an account (a password reset). */
  endAllOf(accountId: string): Promise<void>;

  close(): Promise<void>;
}

export interface SessionStoreOptions {
  /** How long a session lasts; SESSION_TTL_MS unless a test says otherwise. */
  ttlMs?: number;
  /** The clock (tests move it past a session's expiry). */
  now?: () => number;
}

/** Session ids are base64url of this many random bytes (256 bits). */
const SESSION_ID_BYTES = 32;

export function newSessionId(): string {
  return randomBytes(SESSION_ID_BYTES).toString('base64url');
}

/** What the store keeps of a session id. */
export function sessionIdHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** Whether a string can be a session id this port issued (anything else is not looked up). */
export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
