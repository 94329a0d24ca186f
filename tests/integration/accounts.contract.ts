// The Accounts contract: every adapter must pass these tests (local accounts always, Firebase on
// the Auth emulator). They pin down what the site relies on: one answer for a wrong address and a
// wrong password, the duplicate-address answer of sign-up, sessions that end when an account is
// deleted or its password reset, and reset codes that work once.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Accounts } from '~/accounts/accounts.server';

export interface AccountsHarness {
  accounts(): Accounts;
  /** The codes of the reset links sent to an address so far, oldest first. */
  resetCodes(email: string): Promise<string[]>;
  /** Starts from no accounts. */
  reset(): Promise<void>;
  /**
   * How long to wait between signing in and a reset for the reset to end that session: Firebase
   * compares revocation times in whole seconds.
   */
  revocationGranularityMs: number;
}

export const PASSWORD = 'Harbour#2031';
export const NEW_PASSWORD = 'Sunrise$2032';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a reset code to arrive (delivery may be asynchronous). */
async function waitForCodes(harness: AccountsHarness, email: string, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const codes = await harness.resetCodes(email);
    if (codes.length >= count || Date.now() > deadline) return codes;
    await sleep(100);
  }
}

export function accountsContract(getHarness: () => AccountsHarness) {
  let accounts: Accounts;
  let email: string;

  beforeEach(async () => {
    await getHarness().reset();
    accounts = getHarness().accounts();
    email = `traveller-${randomUUID().slice(0, 8)}@example.com`;
  });

  describe('sign-up and sign-in', () => {
    it('creates an account that signs in with its password, whatever the case of the address', async () => {
      const created = await accounts.createAccount({ email, password: PASSWORD });
      if (!created.ok) throw new Error('sign-up failed');
      expect(created.signedIn.user).toEqual({ id: expect.any(String), email });
      const signedIn = await accounts.signIn({ email: email.toUpperCase(), password: PASSWORD });
      expect(signedIn?.user).toEqual(created.signedIn.user);
      // The session check gives the account, and says a new account's email is not verified.
      for (const session of [created.signedIn.session, signedIn!.session]) {
        const checked = await accounts.verifySession(session);
        expect(checked).toMatchObject(created.signedIn.user);
        expect(checked?.emailVerified ?? false).toBe(false);
      }
    });

    it('refuses a second account for the same address', async () => {
      await accounts.createAccount({ email, password: PASSWORD });
      await expect(
        accounts.createAccount({ email: ` ${email.toUpperCase()} `, password: NEW_PASSWORD }),
      ).resolves.toEqual({ ok: false, reason: 'email-in-use' });
      // The first account's password is unchanged.
      await expect(accounts.signIn({ email, password: NEW_PASSWORD })).resolves.toBeNull();
    });

    it('gives the same answer for a wrong password and for an unknown address', async () => {
      await accounts.createAccount({ email, password: PASSWORD });
      await expect(accounts.signIn({ email, password: 'Harbour#2030' })).resolves.toBeNull();
      await expect(
        accounts.signIn({ email: `nobody-${email}`, password: PASSWORD }),
      ).resolves.toBeNull();
    });

    it('refuses sessions it did not issue', async () => {
      await expect(accounts.verifySession('')).resolves.toBeNull();
      await expect(accounts.verifySession('not-a-session')).resolves.toBeNull();
      await expect(accounts.verifySession(`${'0'.repeat(32)}.1`)).resolves.toBeNull();
    });

    it('ends the sessions of a deleted account', async () => {
      const created = await accounts.createAccount({ email, password: PASSWORD });
      if (!created.ok) throw new Error('sign-up failed');
      await accounts.deleteAccount(created.signedIn.user.id);
      await expect(accounts.verifySession(created.signedIn.session)).resolves.toBeNull();
      await expect(accounts.signIn({ email, password: PASSWORD })).resolves.toBeNull();
      // Deleting again is not an error (an undo that runs twice).
      await expect(accounts.deleteAccount(created.signedIn.user.id)).resolves.toBeUndefined();
    });
  });

  describe('password reset', () => {
    it('sends nothing to an address without an account, and says nothing about it', async () => {
      await expect(accounts.requestPasswordReset({ email })).resolves.toBeUndefined();
      await sleep(300);
      await expect(getHarness().resetCodes(email)).resolves.toEqual([]);
    });

    it('sets a new password once with the emailed code, ends old sessions, and the old password stops working', async () => {
      const created = await accounts.createAccount({ email, password: PASSWORD });
      if (!created.ok) throw new Error('sign-up failed');
      await sleep(getHarness().revocationGranularityMs);

      await accounts.requestPasswordReset({ email: email.toUpperCase() });
      const [code] = await waitForCodes(getHarness(), email, 1);
      expect(code).toBeTruthy();
      await expect(accounts.checkResetCode(code!)).resolves.toBe(true);

      // It answers whose password it changed (the site then ends that account's sessions).
      await expect(
        accounts.resetPassword({ code: code!, password: NEW_PASSWORD }),
      ).resolves.toEqual(created.signedIn.user);
      // Once, not twice.
      await expect(accounts.checkResetCode(code!)).resolves.toBe(false);
      await expect(
        accounts.resetPassword({ code: code!, password: 'Another#2033' }),
      ).resolves.toBeNull();

      await expect(accounts.signIn({ email, password: PASSWORD })).resolves.toBeNull();
      const signedIn = await accounts.signIn({ email, password: NEW_PASSWORD });
      expect(signedIn?.user.id).toBe(created.signedIn.user.id);
      // The session from before the reset has ended; the new one is valid.
      await expect(accounts.verifySession(created.signedIn.session)).resolves.toBeNull();
      await expect(accounts.verifySession(signedIn!.session)).resolves.toMatchObject(
        signedIn!.user,
      );
    });

    it('refuses a code it did not issue', async () => {
      await accounts.createAccount({ email, password: PASSWORD });
      await expect(accounts.checkResetCode('made-up-code')).resolves.toBe(false);
      await expect(accounts.checkResetCode('')).resolves.toBe(false);
      await expect(
        accounts.resetPassword({ code: 'made-up-code', password: NEW_PASSWORD }),
      ).resolves.toBeNull();
      await expect(accounts.signIn({ email, password: PASSWORD })).resolves.not.toBeNull();
    });
  });

  describe('the staff role', () => {
    it('is granted and taken away by email, and only for an account that exists', async () => {
      const created = await accounts.createAccount({ email, password: PASSWORD });
      if (!created.ok) throw new Error('sign-up failed');
      const { id } = created.signedIn.user;
      await expect(accounts.isStaff(id)).resolves.toBe(false);
      await expect(accounts.setStaff(email.toUpperCase(), true)).resolves.toEqual({ id, email });
      await expect(accounts.isStaff(id)).resolves.toBe(true);
      // Granting twice changes nothing; the session already open sees the role at once.
      await accounts.setStaff(email, true);
      await expect(accounts.verifySession(created.signedIn.session)).resolves.toMatchObject({ id });
      await expect(accounts.isStaff(id)).resolves.toBe(true);
      await expect(accounts.setStaff(email, false)).resolves.toEqual({ id, email });
      await expect(accounts.isStaff(id)).resolves.toBe(false);

      await expect(accounts.setStaff(`nobody-${email}`, true)).resolves.toBeNull();
      await expect(accounts.isStaff('no-such-account')).resolves.toBe(false);
    });
  });
}
