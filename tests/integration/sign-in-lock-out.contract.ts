// Sign-in lock-out and device cookies, through the real Remix request handler, for any Accounts
// adapter (docs/decisions/045-device-cookies-against-lock-out.md): strangers' wrong passwords
// lock the account for strangers, while a browser that signed in to it before, or set its
// password through the emailed reset link, still gets in and is limited on its own. The cookie is
// signed, bound to its account, expiring, and names no address. Run by sign-in-lock-out.test.ts
// (local accounts) and sign-in-lock-out-firebase.test.ts (Firebase Auth and Firestore emulators).
import { randomBytes } from 'node:crypto';
import { createCookie } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, type RemixApp } from '../support/remix-app';
import { TEST_SESSION_SECRET } from '../support/test-environment';

export interface LockOutHarness {
  app: RemixApp;
  /** The code of the newest password reset link sent to `email`. */
  resetCode(email: string): Promise<string>;
}

const PASSWORD = 'Harbour#2031';
const NEW_PASSWORD = 'Sunrise$2032';
const WRONG = 'Wrong#Guess1';
const TOO_MANY =
  'Too many unsuccessful sign-in attempts. Please wait 15 minutes and try again, or reset your password.';

let addresses = 0;
/** Every request from its own address unless it says otherwise: only per-account counts bite. */
const nextAddress = () => `198.18.${Math.floor((addresses += 1) / 250)}.${(addresses % 250) + 1}`;
const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

/** "name=value" of the named cookie set by a response, or null. */
function setCookie(response: Response, name: string): string | null {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0] ?? '';
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return null;
}

/** The device cookie's entries, read with the test's session secret. */
async function deviceEntries(cookie: string): Promise<{ a: string; d: string; x: number }[]> {
  return (await createCookie('__device', { secrets: [TEST_SESSION_SECRET] }).parse(cookie)) as {
    a: string;
    d: string;
    x: number;
  }[];
}

function statuses(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

export function signInLockOutSuite(harness: () => LockOutHarness) {
  const app = () => harness().app;

  function post(
    path: string,
    form: Record<string, string>,
    {
      cookie,
      clientAddress = nextAddress(),
    }: { cookie?: string | null; clientAddress?: string } = {},
  ) {
    return app().request(path, {
      method: 'POST',
      headers: {
        Host: new URL(TEST_ORIGIN).host,
        Origin: TEST_ORIGIN,
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(form).toString(),
      clientAddress,
      redirect: 'manual',
    });
  }

  const signIn = (email: string, password: string, cookie?: string | null) =>
    post('/signin?resetFlag=false', { intent: 'signin', email, password }, { cookie });

  const postSignUp = (email: string) =>
    post('/signup', {
      firstName: 'Ngaio',
      lastName: 'Marsh',
      email,
      confirmEmail: email,
      password: PASSWORD,
    });

  /** Signs up in a browser of its own; its device cookie. */
  async function signUp(email: string): Promise<string> {
    const response = await postSignUp(email);
    expect(response.status).toBe(302);
    const device = setCookie(response, '__device');
    expect(device).not.toBeNull();
    return device!;
  }

  /** Ten wrong passwords from ten addresses, none with a device cookie: the account is locked. */
  async function lockOut(email: string) {
    const responses = await Promise.all(Array.from({ length: 10 }, () => signIn(email, WRONG)));
    expect(statuses(responses)).toEqual({ 401: 10 });
    const stranger = await signIn(email, PASSWORD);
    expect(stranger.status).toBe(429);
    expect(await stranger.text()).toContain(TOO_MANY);
  }

  async function expectSignedIn(response: Response) {
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get('Location')).toBe('/');
    expect(setCookie(response, '__session')).not.toBeNull();
  }

  describe('sign-in lock-out', () => {
    it('strangers’ wrong passwords lock strangers out, not the browser that signed up', async () => {
      const email = uniqueEmail('owner');
      const device = await signUp(email);
      await lockOut(email);
      const owner = await signIn(email, PASSWORD, device);
      await expectSignedIn(owner);
      // The sign-in renews the browser's trust.
      expect(setCookie(owner, '__device')).not.toBeNull();
      // Still locked for anyone else, and still after the owner's sign-in.
      expect((await signIn(email, PASSWORD)).status).toBe(429);
    });

    it('a browser that signed in before gets in while the account is locked', async () => {
      const email = uniqueEmail('regular');
      await signUp(email);
      const earlier = await signIn(email, PASSWORD);
      await expectSignedIn(earlier);
      const device = setCookie(earlier, '__device');
      await lockOut(email);
      await expectSignedIn(await signIn(email, PASSWORD, device));
    });

    it('a new password set through the emailed reset link lets that browser in', async () => {
      const email = uniqueEmail('reset');
      await signUp(email);
      await lockOut(email);
      const asked = await post('/signin?resetFlag=true', { intent: 'reset', email });
      expect(asked.status).toBe(302);
      const changed = await post('/reset-password', {
        code: await harness().resetCode(email),
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(changed.status).toBe(302);
      expect(changed.headers.get('Location')).toBe('/signin?resetFlag=false');
      const device = setCookie(changed, '__device');
      expect(device).not.toBeNull();
      // The notice cookie of the redirect is kept beside it.
      const session = setCookie(changed, '__session');
      await expectSignedIn(
        await signIn(email, NEW_PASSWORD, [device, session].filter(Boolean).join('; ')),
      );
      // A stranger with the new password is still refused until the window passes.
      expect((await signIn(email, NEW_PASSWORD)).status).toBe(429);
    });

    it('a trusted browser counts its own failures: 20 at once → 10 checked, then refused', async () => {
      const email = uniqueEmail('device-burst');
      const device = await signUp(email);
      const responses = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const response = await signIn(email, WRONG, device);
          await response.clone().text();
          return response;
        }),
      );
      expect(statuses(responses)).toEqual({ 401: 10, 429: 10 });
      expect((await signIn(email, PASSWORD, device)).status).toBe(429);
      // Its failures are its own: another browser is not locked out by them.
      await expectSignedIn(await signIn(email, PASSWORD));
    });

    it('a device cookie of another account, altered, signed with another secret or expired opens nothing', async () => {
      const owner = uniqueEmail('cookie-owner');
      const target = uniqueEmail('cookie-target');
      const ownerDevice = await signUp(owner);
      await signUp(target);
      await lockOut(target);
      await lockOut(owner);

      // Another account's cookie.
      expect((await signIn(target, PASSWORD, ownerDevice)).status).toBe(429);

      // The same cookie with its value altered (its signature no longer matches).
      const [name, value = ''] = ownerDevice.split('=');
      const flipped = `${name}=${value.slice(0, 5)}${value[5] === 'A' ? 'B' : 'A'}${value.slice(6)}`;
      expect((await signIn(owner, PASSWORD, flipped)).status).toBe(429);

      // Its entries signed again with a secret that is not the server's.
      const entries = await deviceEntries(ownerDevice);
      const forged = await createCookie('__device', {
        secrets: ['not-the-server-secret-0123456789-abcdef'],
      }).serialize(entries);
      expect((await signIn(owner, PASSWORD, forged.split(';')[0])).status).toBe(429);

      // Signed with the server's secret but past its own expiry (the browser kept it anyway).
      const expired = await createCookie('__device', { secrets: [TEST_SESSION_SECRET] }).serialize(
        entries.map((entry) => ({ ...entry, x: Date.now() - 1000 })),
      );
      expect((await signIn(owner, PASSWORD, expired.split(';')[0])).status).toBe(429);

      // The cookie as it was set still works.
      await expectSignedIn(await signIn(owner, PASSWORD, ownerDevice));
    });

    it('the device cookie goes only with sign-ins, is HttpOnly, SameSite=Lax, lasts 90 days and names no address', async () => {
      const email = uniqueEmail('Cookie.Flags');
      const response = await postSignUp(email);
      const headers = response.headers
        .getSetCookie()
        .filter((header) => header.startsWith('__device='));
      // Sent with the sign-in page's posts, with and without JavaScript, and no other request: a
      // cookie on every page would make each one private to the browser and never cached.
      expect(headers.map((header) => /; Path=([^;]*)/.exec(header)?.[1])).toEqual([
        '/signin',
        '/signin.data',
      ]);
      const header = headers[0] ?? '';
      expect(header).toMatch(/; HttpOnly/);
      expect(header).toMatch(/; SameSite=Lax/);
      expect(header).toMatch(/; Max-Age=7776000/);
      const cookie = header.split(';')[0] ?? '';
      const decoded = Buffer.from(
        decodeURIComponent(cookie.split('=')[1] ?? ''),
        'base64',
      ).toString();
      expect(decoded.toLowerCase()).not.toContain(email.toLowerCase());
      expect(decoded.toLowerCase()).not.toContain('cookie.flags');
      const [entry] = await deviceEntries(cookie);
      expect(entry?.x).toBeGreaterThan(Date.now() + 89 * 24 * 3600 * 1000);
    });

    it('one browser stays trusted by each of the accounts it signs in to', async () => {
      const first = uniqueEmail('household-a');
      const second = uniqueEmail('household-b');
      await signUp(first);
      await signUp(second);
      const one = await signIn(first, PASSWORD);
      await expectSignedIn(one);
      const two = await signIn(second, PASSWORD, setCookie(one, '__device'));
      await expectSignedIn(two);
      const device = setCookie(two, '__device');
      expect(await deviceEntries(device ?? '')).toHaveLength(2);
      await lockOut(first);
      await lockOut(second);
      await expectSignedIn(await signIn(first, PASSWORD, device));
      await expectSignedIn(await signIn(second, PASSWORD, device));
    });
  });
}
