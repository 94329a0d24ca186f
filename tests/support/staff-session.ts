// Staff pages through the real Remix request handler, with real sessions: people sign up through
// the site (/signup), and the staff role is granted as `npm run staff -- grant` does. Posts carry
// what a browser sends with a form, JavaScript or not (same-site Origin and Host, urlencoded).
import { expect } from 'vitest';
import type * as AccountsModule from '~/accounts/get-accounts.server';
import { TEST_ORIGIN, type RemixApp } from './remix-app';

export const STAFF_PASSWORD = 'Harbour#2031';

export function staffSession(app: () => Pick<RemixApp, 'request' | 'load'>) {
  let address = 0;
  const nextAddress = () => `198.51.100.${(address = (address % 250) + 1)}`;

  function post(
    path: string,
    form: Record<string, string>,
    headers: Record<string, string | undefined> = {},
  ) {
    const sent = Object.entries({
      Host: new URL(TEST_ORIGIN).host,
      Origin: TEST_ORIGIN,
      'Content-Type': 'application/x-www-form-urlencoded',
      ...headers,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined);
    return app().request(path, {
      method: 'POST',
      headers: sent,
      body: new URLSearchParams(form).toString(),
      clientAddress: nextAddress(),
      redirect: 'manual',
    });
  }

  const get = (path: string, cookie?: string) =>
    app().request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });

  /** Signs a new account up; its session cookie. */
  async function signUp(email: string): Promise<string> {
    const response = await post('/signup', {
      firstName: 'Ngaio',
      lastName: 'Marsh',
      email,
      confirmEmail: email,
      password: STAFF_PASSWORD,
    });
    expect(response.status).toBe(302);
    const match = /__session=[^;]*/.exec(response.headers.get('Set-Cookie') ?? '');
    if (!match) throw new Error('no session cookie');
    return match[0];
  }

  /** Signs a new account up and grants it the staff role; its session cookie. */
  async function signUpStaff(email: string): Promise<string> {
    const cookie = await signUp(email);
    const { getAccounts } = await app().load<typeof AccountsModule>(
      '/app/accounts/get-accounts.server.ts',
    );
    await expect(getAccounts().setStaff(email, true)).resolves.not.toBeNull();
    return cookie;
  }

  return { post, get, signUp, signUpStaff };
}
