// Sessions are signed cookies backed by a record in the SessionStore: the site keeps no state in
// memory, so any instance can serve any visitor. Each sign-in (and sign-up) starts a new session
// record with a random id, and writes that id, the user and the Accounts port's proof of the
// sign-in into the cookie. Every request checks both (getSessionUser): the record must be live
// (not ended by sign-out or a password reset, not expired) and the proof still valid, so a copied
// cookie stops working as soon as its session ends, whatever the cookie's own expiry says.
import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { AccountsUnavailableError } from '~/accounts/accounts.server';
import { SESSION_TTL_MS } from '~/store/session-store.server';
import { getAccounts } from '~/accounts/get-accounts.server';
import { StoreUnavailableError } from '~/store/store-errors.server';
import { getSessionStore } from '~/store/store.server';
import { getConfig } from '~/utils/env.server';
import { log } from '~/utils/log.server';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Checked on every request by the Accounts port (never kept in the cookie). */
  emailVerified?: boolean;
}

interface SessionData {
  user: SessionUser;
  /** The Accounts port's proof of this sign-in (SignedIn.session). */
  auth: string;
  /** The id of this sign-in's record in the SessionStore. */
  sid: string;
  /** When this sign-in happened (ms since the epoch): staff pages need a recent one. */
  signedInAt?: number;
}

/** A one-time notice for the next page (the sign-in page after a reset, say). */
export type SessionNotice = 'reset-sent' | 'password-changed';

interface SessionFlash {
  notice: SessionNotice;
}

let storage: ReturnType<typeof createStorage> | undefined;

function createStorage() {
  const config = getConfig();
  return createCookieSessionStorage<SessionData, SessionFlash>({
    cookie: {
      name: '__session',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.isProduction && config.siteUrl.startsWith('https://'),
      path: '/',
      secrets: [config.sessionSecret],
      maxAge: SESSION_TTL_MS / 1000,
    },
  });
}

export function sessionStorage() {
  storage ??= createStorage();
  return storage;
}

// The root loader and a route's loader both ask; the check runs once per request.
const checked = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user, or null when signed out or when the sign-in is no longer valid. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let result = checked.get(request);
  if (!result) {
    result = checkSession(request);
    checked.set(request, result);
  }
  return result;
}

async function checkSession(request: Request): Promise<SessionUser | null> {
  const session = await sessionStorage().getSession(request.headers.get('Cookie'));
  const user = session.get('user');
  const auth = session.get('auth');
  const sid = session.get('sid');
  if (!user || !auth || !sid) return null;
  try {
    if ((await getSessionStore().accountOf(sid)) !== user.id) return null;
    const account = await getAccounts().verifySession(auth);
    return account && account.id === user.id
      ? { ...user, emailVerified: account.emailVerified === true }
      : null;
  } catch (error) {
    if (!(error instanceof AccountsUnavailableError || error instanceof StoreUnavailableError)) {
      throw error;
    }
    // The page is still served, as to a visitor who is signed out; the error is logged.
    log.error('The session could not be checked', { error });
    return null;
  }
}

/**
 * Signs the user in: a new session record and cookie (never a reused one), then a redirect.
 * Throws StoreUnavailableError when the session cannot be recorded.
 */
export async function createUserSession({
  user,
  auth,
  redirectTo,
}: {
  user: SessionUser;
  auth: string;
  redirectTo: string;
}) {
  const sid = await getSessionStore().start(user.id);
  const session = await sessionStorage().getSession();
  session.set('user', user);
  session.set('auth', auth);
  session.set('sid', sid);
  session.set('signedInAt', Date.now());
  return redirect(redirectTo, {
    headers: { 'Set-Cookie': await sessionStorage().commitSession(session) },
  });
}

/**
 * When the request's sign-in happened (ms since the epoch); null without a session, or for a
 * cookie from before sign-ins were timed. The cookie is signed, so the time cannot be forged.
 */
export async function signedInAt(request: Request): Promise<number | null> {
  const session = await sessionStorage().getSession(request.headers.get('Cookie'));
  const at = session.get('signedInAt');
  return typeof at === 'number' ? at : null;
}

/** Redirects with a one-time notice for the next page, keeping the session as it is. */
export async function redirectWithNotice(request: Request, to: string, notice: SessionNotice) {
  const session = await sessionStorage().getSession(request.headers.get('Cookie'));
  session.flash('notice', notice);
  return redirect(to, {
    headers: { 'Set-Cookie': await sessionStorage().commitSession(session) },
  });
}

/** The one-time notice, if any, and the Set-Cookie header that removes it. */
export async function takeNotice(
  request: Request,
): Promise<{ notice: SessionNotice | null; headers: HeadersInit }> {
  const cookie = request.headers.get('Cookie');
  const session = await sessionStorage().getSession(cookie);
  const notice = session.get('notice') ?? null;
  if (!notice) return { notice: null, headers: {} };
  return {
    notice,
    headers: { 'Set-Cookie': await sessionStorage().commitSession(session) },
  };
}

/** Ends every session of an account (after a password reset); failures are the caller's. */
export function endAllSessionsOf(accountId: string): Promise<void> {
  return getSessionStore().endAllOf(accountId);
}

/** Ends the session and sends the visitor to the sign-in page, as the specification says. */
export async function signOut(request: Request) {
  const session = await sessionStorage().getSession(request.headers.get('Cookie'));
  const sid = session.get('sid');
  if (sid) {
    try {
      await getSessionStore().end(sid);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      // The browser still forgets the cookie; a copy of it lives until the session expires.
      log.error('A session could not be ended at sign-out', { error });
    }
  }
  return redirect('/signin?resetFlag=false', {
    headers: { 'Set-Cookie': await sessionStorage().destroySession(session) },
  });
}
