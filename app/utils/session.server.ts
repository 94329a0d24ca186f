// Sessions are signed cookies: the site keeps no state in memory, so any instance can serve any
// visitor. Accounts (sign in, sign up) write the user into the session; the shell only reads it.
import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { getConfig } from './env.server';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

let storage: ReturnType<typeof createStorage> | undefined;

function createStorage() {
  const config = getConfig();
  return createCookieSessionStorage<{ user: SessionUser }>({
    cookie: {
      name: '__session',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.isProduction && config.siteUrl.startsWith('https://'),
      path: '/',
      secrets: [config.sessionSecret],
      maxAge: 60 * 60 * 24 * 14,
    },
  });
}

export function sessionStorage() {
  storage ??= createStorage();
  return storage;
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await sessionStorage().getSession(request.headers.get('Cookie'));
  return session.get('user') ?? null;
}

/** Ends the session and sends the visitor to the sign-in page, as the specification says. */
export async function signOut(request: Request) {
  const session = await sessionStorage().getSession(request.headers.get('Cookie'));
  return redirect('/signin?resetFlag=false', {
    headers: { 'Set-Cookie': await sessionStorage().destroySession(session) },
  });
}
