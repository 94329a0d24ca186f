// The account forms through the real Remix request handler, on local accounts: the session cookie
// (flags, checked on every request, ended by sign-out), the origin check, and what happens when
// the store cannot save a new account's profile (the account is undone, so the person can retry).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as StoreModule from '~/store/store.server';
import { startRemixApp, TEST_ORIGIN, type RemixApp } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const env = useTestEnvironment();
let app: RemixApp;
let address = 0;
const nextAddress = () => `198.51.100.${(address += 1)}`;

const PASSWORD = 'Harbour#2031';

beforeAll(async () => {
  app = await startRemixApp();
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

function post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: {
      // What a browser sends with a form post (Remix compares the two).
      Host: new URL(TEST_ORIGIN).host,
      Origin: TEST_ORIGIN,
      'Content-Type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
    clientAddress: nextAddress(),
    redirect: 'manual',
  });
}

function signUpForm(email: string) {
  return { firstName: 'Ngaio', lastName: 'Marsh', email, confirmEmail: email, password: PASSWORD };
}

/** The session cookie's "name=value" from a Set-Cookie header. */
function sessionCookie(response: Response): string {
  const header = response.headers.get('Set-Cookie') ?? '';
  const match = /__session=[^;]*/.exec(header);
  if (!match) throw new Error(`no session cookie in ${header}`);
  return match[0];
}

async function signedInName(cookie: string): Promise<boolean> {
  const response = await app.request('/api/me', { headers: { Cookie: cookie } });
  const body = (await response.json()) as { user: { firstName: string } | null };
  return body.user?.firstName === 'Ngaio';
}

describe('sessions', () => {
  it('sign-up sets an HttpOnly, SameSite=Lax cookie, and sign-out ends it', async () => {
    const response = await post('/signup', signUpForm('session@example.com'));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/signupSuccess');
    const header = response.headers.get('Set-Cookie') ?? '';
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    const cookie = sessionCookie(response);
    expect(await signedInName(cookie)).toBe(true);

    const signOut = await post('/signout', {}, { Cookie: cookie });
    expect(signOut.status).toBe(302);
    expect(signOut.headers.get('Location')).toBe('/signin?resetFlag=false');
    expect(signOut.headers.get('Set-Cookie')).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('a cookie edited by hand is not a session', async () => {
    const response = await post('/signup', signUpForm('forged@example.com'));
    const [name, value] = sessionCookie(response).split('=') as [string, string];
    const [payload, signature] = decodeURIComponent(value).split('.') as [string, string];
    const data = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
      user: { id: string };
    };
    data.user.id = 'someone-else';
    const forged = `${Buffer.from(JSON.stringify(data)).toString('base64')}.${signature}`;
    expect(await signedInName(`${name}=${encodeURIComponent(forged)}`)).toBe(false);
  });

  it('refuses a sign-up posted from another site (no Origin, foreign Referer)', async () => {
    const response = await app.request('/signup', {
      method: 'POST',
      headers: {
        Host: new URL(TEST_ORIGIN).host,
        Referer: 'https://attacker.example/form',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(signUpForm('csrf@example.com')).toString(),
      clientAddress: nextAddress(),
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('Set-Cookie') ?? '').not.toContain('__session=ey');
    // No account was made: the address is still free.
    const retry = await post('/signup', signUpForm('csrf@example.com'));
    expect(retry.status).toBe(302);
  });
});

describe('sign-up when the store fails', () => {
  it('says so, keeps what was typed, and undoes the account so a retry works', async () => {
    const { getBookingStore } = await app.load<typeof StoreModule>('/app/store/store.server.ts');
    const store = getBookingStore();
    const save = vi
      .spyOn(store, 'saveUserProfile')
      .mockRejectedValueOnce(new Error('database or disk is full'));
    // The failure is logged on the server.
    const logged = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const failed = await post('/signup', signUpForm('outage@example.com'));
    const lines = logged.mock.calls.map(([line]) => String(line)).join('');
    logged.mockRestore();
    expect(lines).toContain('The profile of a new account could not be saved');
    expect(failed.status).toBe(503);
    const page = await failed.text();
    expect(page).toContain(
      'We could not create your account just now. Please try again in a moment.',
    );
    expect(page).toContain('value="outage@example.com"');
    expect(page).not.toContain(PASSWORD);
    expect(failed.headers.get('Set-Cookie') ?? '').not.toContain('__session=ey');

    const retry = await post('/signup', signUpForm('outage@example.com'));
    expect(retry.status).toBe(302);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
