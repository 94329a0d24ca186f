// The hosted Accounts adapter: Firebase Authentication.
//
// - Password sign-up, sign-in and reset go through the Identity Toolkit REST API, the same calls
//   the `firebase` web SDK makes. The web SDK keeps one "current user" per app instance, which
//   concurrent requests on a server would overwrite; the REST calls keep each request separate.
// - The ID token of a sign-in is exchanged for a Firebase session cookie (firebase-admin), kept
//   inside our signed session cookie and verified with revocation checked on every request.
// - Reset links are emailed by Firebase with the project's template. Pointing the template's
//   action URL at SITE_URL/reset-password (Firebase console, Authentication, Templates) lets
//   people set their new password on this site; Firebase's own page works as well.
// - A reset revokes the account's refresh tokens, so every session of the account ends.
// - The staff role is the custom claim `staff`, set only by the operator's command line and read
//   from the account (not the session cookie) on every staff request.
//
// FIREBASE_AUTH_EMULATOR_HOST points both at the Firebase Auth emulator (development and tests).
import { deleteApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { initializeFirebaseApp } from '~/store/firebase-app.server';
import { SESSION_TTL_MS } from '~/store/session-store.server';
import {
  AccountsUnavailableError,
  type Accounts,
  type SignedIn,
} from './accounts.server';

export interface FirebaseAccountsOptions {
  projectId: string;
  /** The project's Web API key (public by design; it identifies the project). */
  apiKey: string;
  /** Service account; not needed with the emulator. */
  clientEmail?: string;
  privateKey?: string;
  /** host:port of the Firebase Auth emulator. */
  authEmulatorHost?: string;
  /** Milliseconds before a call to Firebase is abandoned. */
  timeoutMs?: number;
}

/** Identity Toolkit answers that mean "wrong address or password" (one answer for all). */
const BAD_CREDENTIALS = new Set([
  'INVALID_LOGIN_CREDENTIALS',
  'EMAIL_NOT_FOUND',
  'INVALID_PASSWORD',
  'INVALID_EMAIL',
  'MISSING_PASSWORD',
  'USER_DISABLED',
]);
const BAD_RESET_CODE = new Set(['INVALID_OOB_CODE', 'EXPIRED_OOB_CODE', 'MISSING_OOB_CODE']);

/** Session-cookie checks that mean "this session has ended", not "Firebase is unreachable". */
const ENDED_SESSION = new Set([
  'auth/session-cookie-revoked',
  'auth/session-cookie-expired',
  'auth/argument-error',
  'auth/invalid-session-cookie-duration',
  'auth/user-not-found',
  'auth/user-disabled',
]);

class IdentityToolkitError extends Error {
  override name = 'IdentityToolkitError';
  constructor(readonly reason: string) {
    super(`Firebase Auth answered ${reason}`);
  }
}

export function createFirebaseAccounts(options: FirebaseAccountsOptions): Accounts {
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (options.authEmulatorHost) {
    // firebase-admin reads the emulator address from the environment only.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = options.authEmulatorHost;
  }
  const base = options.authEmulatorHost
    ? `http://${options.authEmulatorHost}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1';

  const app: App = initializeFirebaseApp(options, 'accounts');
  const auth: Auth = getAuth(app);

  /** POSTs to an Identity Toolkit method; throws IdentityToolkitError with Firebase's reason. */
  async function call<T>(method: string, body: Record<string, unknown>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(
        `${base}/accounts:${method}?key=${encodeURIComponent(options.apiKey)}`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        },
      );
    } catch (error) {
      throw new AccountsUnavailableError('Firebase Auth could not be reached.', { cause: error });
    }
    const payload = (await response.json().catch(() => null)) as
      (T & { error?: { message?: string } }) | null;
    if (response.ok && payload) return payload;
    // "WEAK_PASSWORD : Password should be at least 6 characters" → WEAK_PASSWORD
    const reason = payload?.error?.message?.split(/[\s:]/)[0];
    if (reason && response.status < 500) throw new IdentityToolkitError(reason);
    throw new AccountsUnavailableError(
      `Firebase Auth failed with status ${response.status}${reason ? ` (${reason})` : ''}.`,
    );
  }

  async function sessionFor(idToken: string): Promise<string> {
    try {
      return await auth.createSessionCookie(idToken, { expiresIn: SESSION_TTL_MS });
    } catch (error) {
      throw new AccountsUnavailableError('Firebase could not create a session.', { cause: error });
    }
  }

  function unavailable(what: string, error: unknown): AccountsUnavailableError {
    return error instanceof AccountsUnavailableError
      ? error
      : new AccountsUnavailableError(`Firebase Auth failed to ${what}.`, { cause: error });
  }

  return {
    kind: 'firebase',

    async createAccount({ email, password }) {
      try {
        const result = await call<{ idToken: string; localId: string; email: string }>('signUp', {
          email: email.trim().toLowerCase(),
          password,
          returnSecureToken: true,
        });
        const signedIn: SignedIn = {
          user: { id: result.localId, email: result.email.toLowerCase() },
          session: await sessionFor(result.idToken),
        };
        return { ok: true, signedIn };
      } catch (error) {
        if (error instanceof IdentityToolkitError && error.reason === 'EMAIL_EXISTS') {
          return { ok: false, reason: 'email-in-use' };
        }
        throw unavailable('create an account', error);
      }
    },

    async deleteAccount(id) {
      try {
        await auth.deleteUser(id);
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return;
        throw unavailable('delete an account', error);
      }
    },

    async signIn({ email, password }) {
      try {
        const result = await call<{ idToken: string; localId: string; email: string }>(
          'signInWithPassword',
          { email: email.trim().toLowerCase(), password, returnSecureToken: true },
        );
        return {
          user: { id: result.localId, email: result.email.toLowerCase() },
          session: await sessionFor(result.idToken),
        };
      } catch (error) {
        if (error instanceof IdentityToolkitError && BAD_CREDENTIALS.has(error.reason)) return null;
        throw unavailable('sign in', error);
      }
    },

    async verifySession(session) {
      if (!session) return null;
      try {
        const decoded = await auth.verifySessionCookie(session, true);
        return {
          id: decoded.uid,
          email: (decoded.email ?? '').toLowerCase(),
          emailVerified: decoded.email_verified === true,
        };
      } catch (error) {
        if (ENDED_SESSION.has((error as { code?: string }).code ?? '')) return null;
        throw unavailable('check a session', error);
      }
    },

    async requestPasswordReset({ email }) {
      try {
        await call('sendOobCode', {
          requestType: 'PASSWORD_RESET',
          email: email.trim().toLowerCase(),
        });
      } catch (error) {
        // An address without an account gets the same (silent) treatment: the site never tells
        // strangers who has an account (docs/product.md, "No account enumeration").
        if (
          error instanceof IdentityToolkitError &&
          ['EMAIL_NOT_FOUND', 'INVALID_EMAIL', 'MISSING_EMAIL', 'USER_DISABLED'].includes(
            error.reason,
          )
        ) {
          return;
        }
        throw unavailable('send a reset link', error);
      }
    },

    async checkResetCode(code) {
      if (!code) return false;
      try {
        // Without a new password, resetPassword only checks the code (verifyPasswordResetCode).
        await call('resetPassword', { oobCode: code });
        return true;
      } catch (error) {
        if (error instanceof IdentityToolkitError && BAD_RESET_CODE.has(error.reason)) return false;
        throw unavailable('check a reset link', error);
      }
    },

    async resetPassword({ code, password }) {
      if (!code) return null;
      let email: string;
      try {
        ({ email } = await call<{ email: string }>('resetPassword', {
          oobCode: code,
          newPassword: password,
        }));
      } catch (error) {
        if (error instanceof IdentityToolkitError && BAD_RESET_CODE.has(error.reason)) return null;
        throw unavailable('reset a password', error);
      }
      try {
        // Firebase already refuses tokens older than the password change; revoking makes the end
        // of every session explicit and independent of that rule.
        const user = await auth.getUserByEmail(email);
        await auth.revokeRefreshTokens(user.uid);
        return { id: user.uid, email: (user.email ?? email).toLowerCase() };
      } catch (error) {
        throw unavailable('end the sessions of a reset account', error);
      }
    },

    async setStaff(email, staff) {
      let user;
      try {
        user = await auth.getUserByEmail(email.trim().toLowerCase());
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return null;
        throw unavailable('find an account', error);
      }
      try {
        // The account's other claims are kept; only `staff` changes.
        await auth.setCustomUserClaims(user.uid, { ...user.customClaims, staff });
      } catch (error) {
        throw unavailable('change the staff role', error);
      }
      return { id: user.uid, email: (user.email ?? email).toLowerCase() };
    },

    async isStaff(accountId) {
      try {
        // The account as Firebase holds it now, not the claims a session cookie was minted with,
        // so a revoked role ends at the next request.
        const user = await auth.getUser(accountId);
        return user.customClaims?.staff === true;
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return false;
        throw unavailable('check the staff role', error);
      }
    },

    async close() {
      await deleteApp(app);
    },
  };
}
