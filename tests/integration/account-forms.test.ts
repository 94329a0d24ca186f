// The account forms through the real Remix request handler, on local accounts: the session cookie
// (flags, checked on every request, ended by sign-out), the origin check, and what happens when
// the store cannot save a new account's profile (the account is undone, so the person can retry);
// server-side sessions (a copied cookie dies with sign-out and reset, every sign-in is a new
// session), and a reset request answered before any work that depends on the address.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as AccountsModule from '~/accounts/get-accounts.server';
import { listOutbox, outboxPath, readOutboxMessage } from '~/mail/outbox-mailer.server';
import type * as StoreModule from '~/store/store.server';
import type * as StoreErrors from '~/store/store-errors.server';
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

/** The code of the newest reset link emailed to an address (the outbox, quoted-printable). */
async function resetCodeFor(email: string): Promise<string> {
  const dir = outboxPath(env.dataDir);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const entry = (await listOutbox(dir)).find((item) => item.to.includes(email));
    if (entry) {
      const raw = (await readOutboxMessage(dir, entry.name)) ?? '';
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const code = /oobCode=([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no reset link was sent to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
    const { getUserStore } = await app.load<typeof StoreModule>('/app/store/store.server.ts');
    const store = getUserStore();
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

describe('server-side sessions', () => {
  async function accountsInstance() {
    const module = await app.load<typeof AccountsModule>('/app/accounts/get-accounts.server.ts');
    return module.getAccounts();
  }

  async function signIn(email: string, password = PASSWORD) {
    const response = await post('/signin', { intent: 'signin', email, password });
    expect(response.status).toBe(302);
    return sessionCookie(response);
  }

  it('sign-out ends the session: the cookie kept from before is signed out when replayed', async () => {
    const cookie = sessionCookie(await post('/signup', signUpForm('replay@example.com')));
    expect(await signedInName(cookie)).toBe(true);

    const signOut = await post('/signout', {}, { Cookie: cookie });
    expect(signOut.status).toBe(302);

    // An attacker who copied the cookie before the sign-out sends it again.
    expect(await signedInName(cookie)).toBe(false);
    const home = await app.request('/api/me', { headers: { Cookie: cookie } });
    expect(await home.json()).toEqual({ user: null });
  });

  it('a sign-out posted from another site ends nothing', async () => {
    const cookie = sessionCookie(await post('/signup', signUpForm('cross-signout@example.com')));
    const refused = await post(
      '/signout',
      {},
      { Cookie: cookie, Origin: 'https://attacker.example' },
    );
    expect(refused.headers.get('Set-Cookie')).toBeNull();
    expect(await signedInName(cookie)).toBe(true);
  });

  it('gives every sign-in a new cookie, and signing out one leaves the other', async () => {
    await post('/signup', signUpForm('twice@example.com'));
    const first = await signIn('twice@example.com');
    const second = await signIn('twice@example.com');
    expect(second).not.toBe(first);
    expect(await signedInName(first)).toBe(true);
    expect(await signedInName(second)).toBe(true);

    await post('/signout', {}, { Cookie: first });
    expect(await signedInName(first)).toBe(false);
    expect(await signedInName(second)).toBe(true);
  });

  it('a password reset ends every session of the account, even one the accounts service would still accept', async () => {
    const email = 'reset-ends@example.com';
    const fromSignUp = sessionCookie(await post('/signup', signUpForm(email)));
    const fromSignIn = await signIn(email);
    const accounts = await accountsInstance();
    // Firebase, say, compares revocation times in whole seconds: a sign-in in the same second as
    // the reset still passes its check. Here the accounts service accepts every old proof.
    const lenient = vi
      .spyOn(accounts, 'verifySession')
      .mockImplementation(async (session) => ({ id: session.split('.')[0] ?? '', email }));
    try {
      const asked = await post('/signin', { intent: 'reset', email });
      expect(asked.status).toBe(302);
      const code = await resetCodeFor(email);
      const NEW_PASSWORD = 'Sunrise$2032';
      const changed = await post('/reset-password', {
        code,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(changed.status).toBe(302);
      expect(changed.headers.get('Location')).toBe('/signin?resetFlag=false');

      expect(await signedInName(fromSignUp)).toBe(false);
      expect(await signedInName(fromSignIn)).toBe(false);
      // Signing in again with the new password works.
      expect(await signedInName(await signIn(email, NEW_PASSWORD))).toBe(true);
    } finally {
      lenient.mockRestore();
    }
  });
});

describe('password reset requests', () => {
  it('answer before any work that depends on the address, even when that work never ends', async () => {
    await post('/signup', signUpForm('timing@example.com'));
    const module = await app.load<typeof AccountsModule>('/app/accounts/get-accounts.server.ts');
    const accounts = module.getAccounts();
    let answered = false;
    const startedAfterAnswer: boolean[] = [];
    // An accounts service that hangs: a lookup or a mail server that never answers.
    const request = vi.spyOn(accounts, 'requestPasswordReset').mockImplementation(() => {
      startedAfterAnswer.push(answered);
      return new Promise<void>(() => {});
    });
    try {
      for (const email of ['timing@example.com', 'nobody-here@example.com']) {
        answered = false;
        const response = await post('/signin', { intent: 'reset', email });
        answered = true;
        expect(response.status).toBe(302);
        expect(response.headers.get('Location')).toBe('/signin?resetFlag=false');
      }
      await vi.waitFor(() => expect(startedAfterAnswer).toHaveLength(2), { timeout: 5000 });
      // Both requests got their answer before the account was looked up.
      expect(startedAfterAnswer).toEqual([true, true]);
    } finally {
      request.mockRestore();
    }
  });

  it('sends the link all the same when the store is busy on the first try', async () => {
    const email = 'busy-store@example.com';
    await post('/signup', signUpForm(email));
    const module = await app.load<typeof AccountsModule>('/app/accounts/get-accounts.server.ts');
    const accounts = module.getAccounts();
    const real = accounts.requestPasswordReset.bind(accounts);
    const { StoreUnavailableError } = await app.load<typeof StoreErrors>(
      '/app/store/store-errors.server.ts',
    );
    let tries = 0;
    const request = vi.spyOn(accounts, 'requestPasswordReset').mockImplementation(async (input) => {
      tries += 1;
      if (tries === 1) throw new StoreUnavailableError('database is locked');
      return real(input);
    });
    try {
      const response = await post('/signin', { intent: 'reset', email });
      expect(response.headers.get('Location')).toBe('/signin?resetFlag=false');
      expect(await resetCodeFor(email)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(tries).toBe(2);
    } finally {
      request.mockRestore();
    }
  });
});
