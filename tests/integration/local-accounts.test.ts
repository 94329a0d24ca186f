// The Accounts contract on local accounts (SQLite), plus what only they have: hashes and reset
// codes as stored, the one-hour expiry, and sharing the store's file.
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { Accounts } from '~/accounts/accounts.server';
import { createLocalAccounts, type ResetLinkMessage } from '~/accounts/local-accounts.server';
import { createSqliteBookingStore } from '~/store/sqlite-booking-store.server';
import {
  accountsContract,
  NEW_PASSWORD,
  PASSWORD,
  type AccountsHarness,
} from './accounts.contract';
import { sqliteHarness } from '../support/store-harness';

let sent: ResetLinkMessage[] = [];
let clock = Date.now();

function codeOf(link: string): string {
  return new URL(link).searchParams.get('oobCode') ?? '';
}

const files = sqliteHarness<Accounts, { now?: () => number }>(
  'local-accounts',
  (filename, options = {}) =>
    createLocalAccounts({
      filename,
      resetLink: (code) => `http://localhost/reset-password?mode=resetPassword&oobCode=${code}`,
      sendResetLink: async (message) => {
        sent.push(message);
      },
      now: options.now,
    }),
);
const open = (options: { now?: () => number } = {}) => files.open(options);

const harness: AccountsHarness = {
  accounts: () => open(),
  async resetCodes(email) {
    return sent.filter((message) => message.email === email).map((message) => codeOf(message.link));
  },
  async reset() {
    await files.reset();
    sent = [];
  },
  revocationGranularityMs: 0,
};

describe('local accounts', () => {
  accountsContract(() => harness);

  describe('what is stored', () => {
    it('keeps scrypt hashes and hashed reset codes of at least 128 bits, never the secrets', async () => {
      await harness.reset();
      const accounts = open();
      await accounts.createAccount({ email: 'ngaio@example.com', password: PASSWORD });
      await accounts.requestPasswordReset({ email: 'ngaio@example.com' });
      const code = codeOf(sent[0]!.link);
      // base64url of 32 random bytes: 256 bits.
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const db = new DatabaseSync(files.filename);
      const account = db.prepare('SELECT * FROM local_accounts').get() as Record<string, unknown>;
      expect(account.password_hash).toMatch(/^scrypt\$16384\$8\$5\$[\w-]{22}\$[\w-]{43}$/);
      expect(JSON.stringify(account)).not.toContain(PASSWORD);
      const reset = db.prepare('SELECT * FROM local_password_resets').get() as Record<
        string,
        unknown
      >;
      expect(reset.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(reset)).not.toContain(code);
      db.close();
    });

    it('shares the store’s file without touching the store’s tables', async () => {
      await harness.reset();
      const store = createSqliteBookingStore({ filename: files.filename });
      const accounts = open();
      await accounts.createAccount({ email: 'ngaio@example.com', password: PASSWORD });
      await expect(store.ping()).resolves.toBeUndefined();
      await store.close();
    });
  });

  describe('reset codes', () => {
    it('expire after one hour', async () => {
      await harness.reset();
      clock = Date.now();
      const accounts = open({ now: () => clock });
      await accounts.createAccount({ email: 'ngaio@example.com', password: PASSWORD });
      await accounts.requestPasswordReset({ email: 'ngaio@example.com' });
      expect(sent[0]!.expiresAt.getTime()).toBe(clock + 60 * 60 * 1000);
      const code = codeOf(sent[0]!.link);
      clock += 59 * 60 * 1000;
      await expect(accounts.checkResetCode(code)).resolves.toBe(true);
      clock += 2 * 60 * 1000;
      await expect(accounts.checkResetCode(code)).resolves.toBe(false);
      await expect(accounts.resetPassword({ code, password: NEW_PASSWORD })).resolves.toBeNull();
      await expect(
        accounts.signIn({ email: 'ngaio@example.com', password: PASSWORD }),
      ).resolves.not.toBeNull();
    });

    it('are all spent by one reset, so an older email cannot undo a newer password', async () => {
      await harness.reset();
      const accounts = open();
      await accounts.createAccount({ email: 'ngaio@example.com', password: PASSWORD });
      await accounts.requestPasswordReset({ email: 'ngaio@example.com' });
      await accounts.requestPasswordReset({ email: 'ngaio@example.com' });
      const [first, second] = sent.map((message) => codeOf(message.link));
      await expect(
        accounts.resetPassword({ code: second!, password: NEW_PASSWORD }),
      ).resolves.not.toBeNull();
      await expect(
        accounts.resetPassword({ code: first!, password: PASSWORD }),
      ).resolves.toBeNull();
    });

    it('work once even when two resets race', async () => {
      await harness.reset();
      const accounts = open();
      await accounts.createAccount({ email: 'ngaio@example.com', password: PASSWORD });
      await accounts.requestPasswordReset({ email: 'ngaio@example.com' });
      const code = codeOf(sent[0]!.link);
      const results = await Promise.all([
        accounts.resetPassword({ code, password: NEW_PASSWORD }),
        accounts.resetPassword({ code, password: 'Another#2033' }),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });
  });

  it('refuses work once closed', async () => {
    await harness.reset();
    const accounts = open();
    await accounts.close();
    await expect(accounts.signIn({ email: 'a@b.co', password: PASSWORD })).rejects.toThrow(
      /closed/,
    );
  });
});
