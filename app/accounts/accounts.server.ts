// The Accounts port: sign up, sign in, password reset and the check that a session is still valid.
// Two adapters implement it: local accounts in the embedded SQLite file (scrypt hashes, emailed
// single-use reset links) and Firebase Auth (hosted). Both pass the one contract suite in
// tests/integration/accounts.contract.ts. Profiles (first and last name) are not kept here but in
// the store's `users` collection, keyed by the account id this port hands out.
//
// Nothing here tells a caller whether an address has an account, except creating an account with
// an address already in use (the client's sign-up wording requires that message): sign-in answers
// null for a wrong address and a wrong password alike, and a reset request answers nothing
// (docs/product.md, "No account enumeration").

export interface AccountUser {
  /** The account id (Firebase uid, or a random id for local accounts); also the profile's key. */
  id: string;
  /** Lower case. */
  email: string;
  /**
   * Whether the provider has proven the account owns its email (Firebase's email_verified).
   * Local accounts never verify: anyone can sign up with any address.
   */
  emailVerified?: boolean;
}

export interface SignedIn {
  user: AccountUser;
  /**
   * An opaque proof of this sign-in, kept in the signed session cookie and handed back to
   * verifySession on every request (a Firebase session cookie, or the local session version).
   */
  session: string;
}

export type CreateAccountResult =
  { ok: true; signedIn: SignedIn } | { ok: false; reason: 'email-in-use' };

export interface Accounts {
  readonly kind: 'local' | 'firebase';

  /** Creates an account and signs it in; `email-in-use` when the address already has one. */
  createAccount(input: { email: string; password: string }): Promise<CreateAccountResult>;

  /** Removes an account (undoes a sign-up whose profile could not be saved). */
  deleteAccount(id: string): Promise<void>;

  /** The signed-in account, or null for a wrong address or password (one answer for both). */
  signIn(input: { email: string; password: string }): Promise<SignedIn | null>;

  /**
   * The account a session belongs to, or null when it has ended: revoked, expired, its account
   * deleted, or its password reset since.
   */
  verifySession(session: string): Promise<AccountUser | null>;

  /**
   * Sends a password reset link when the address has an account; does nothing otherwise. The
   * caller shows the same confirmation either way.
   */
  requestPasswordReset(input: { email: string }): Promise<void>;

  /** Whether a reset code (from the emailed link) can still be used. */
  checkResetCode(code: string): Promise<boolean>;

  /**
   * Sets a new password with a reset code and answers whose it was; null when the code is
   * unknown, expired or used. A successful reset ends every session of the account (the caller
   * ends the site's session records too).
   */
  resetPassword(input: { code: string; password: string }): Promise<AccountUser | null>;

  /**
   * Grants (true) or takes away (false) the staff role of the account with this email, for the
   * operator's command line only; null when no account has the address. Takes effect on the
   * account's next request (isStaff is asked on every staff request).
   */
  setStaff(email: string, staff: boolean): Promise<AccountUser | null>;

  /** Whether the account holds the staff role now (false for an unknown account). */
  isStaff(accountId: string): Promise<boolean>;

  close(): Promise<void>;
}

/** The accounts service could not be reached or failed; the caller shows a clear error. */
export class AccountsUnavailableError extends Error {
  override name = 'AccountsUnavailableError';
}

/** How long a password reset link stays valid. */
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;
