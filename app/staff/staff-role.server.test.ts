// The operator's staff command: grant and revoke by email (trimmed, lower case), refusals in plain
// words for a wrong command, something that is not one address and an email without an account,
// and a clear answer, not a crash, when the accounts cannot be reached.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountsUnavailableError, type AccountUser } from '~/accounts/accounts.server';
import { setStaffRole, STAFF_USAGE } from './staff-role.server';

const fake = vi.hoisted(() => ({
  /** Email → account id of the accounts that exist. */
  accounts: new Map<string, string>(),
  staff: new Set<string>(),
  calls: [] as Array<[string, boolean]>,
  failure: null as Error | null,
  closed: 0,
}));

vi.mock('~/accounts/get-accounts.server', () => ({
  getAccounts: () => ({
    kind: 'local',
    setStaff(email: string, staff: boolean): Promise<AccountUser | null> {
      fake.calls.push([email, staff]);
      if (fake.failure) return Promise.reject(fake.failure);
      const id = fake.accounts.get(email);
      if (!id) return Promise.resolve(null);
      if (staff) fake.staff.add(id);
      else fake.staff.delete(id);
      return Promise.resolve({ id, email });
    },
    isStaff: (id: string) => Promise.resolve(fake.staff.has(id)),
    close() {
      fake.closed += 1;
      return Promise.resolve();
    },
  }),
}));

beforeEach(() => {
  fake.accounts = new Map([['ana@example.com', 'acc-ana']]);
  fake.staff = new Set();
  fake.calls = [];
  fake.failure = null;
  fake.closed = 0;
});

describe('setStaffRole', () => {
  it('grants and revokes the staff role of the account with that email', async () => {
    expect(await setStaffRole('grant', 'ana@example.com')).toEqual({
      ok: true,
      message: 'Granted staff access to ana@example.com.',
    });
    expect(fake.staff.has('acc-ana')).toBe(true);

    expect(await setStaffRole('revoke', 'ana@example.com')).toEqual({
      ok: true,
      message: 'Revoked staff access from ana@example.com.',
    });
    expect(fake.staff.has('acc-ana')).toBe(false);
    expect(fake.calls).toEqual([
      ['ana@example.com', true],
      ['ana@example.com', false],
    ]);
  });

  it('trims the email and reads it in lower case', async () => {
    const result = await setStaffRole('grant', '  Ana@Example.COM\n');
    expect(result).toEqual({ ok: true, message: 'Granted staff access to ana@example.com.' });
    expect(fake.calls).toEqual([['ana@example.com', true]]);
  });

  it('tells the operator to sign up first when no account has the email', async () => {
    expect(await setStaffRole('grant', 'nobody@example.com')).toEqual({
      ok: false,
      message: 'No account has the email nobody@example.com: sign up first at /signup.',
    });
    expect(await setStaffRole('revoke', 'Nobody@example.com')).toEqual({
      ok: false,
      message: 'No account has the email nobody@example.com: sign up first at /signup.',
    });
  });

  it.each(['promote', 'Grant', 'GRANT', '', 'grant ', '--grant'])(
    'answers the usage for the command %j, changing nothing',
    async (command) => {
      expect(await setStaffRole(command, 'ana@example.com')).toEqual({
        ok: false,
        message: STAFF_USAGE,
      });
      expect(fake.calls).toEqual([]);
    },
  );

  it('answers the usage when the email is missing or blank', async () => {
    for (const email of ['', '   ']) {
      expect(await setStaffRole('grant', email)).toEqual({ ok: false, message: STAFF_USAGE });
    }
    expect(fake.calls).toEqual([]);
  });

  it.each([
    'ana',
    'ana@',
    '@example.com',
    'ana@example',
    'ana@@example.com',
    'Ana <ana@example.com>',
    'ana@example.com, bob@example.com',
    'ana@example.com bob@example.com',
    'ana@exa mple.com',
    '"ana"@example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j, which is not one plain address, changing nothing', async (email) => {
    const result = await setStaffRole('grant', email);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/is not an email address: give the account's address alone/);
    expect(result.message).toContain(email.trim().toLowerCase());
    expect(fake.calls).toEqual([]);
  });

  it('says the accounts could not be reached, and that nothing changed, when they fail', async () => {
    fake.failure = new AccountsUnavailableError('Firebase Auth failed to change the staff role.', {
      cause: new Error('connect ECONNREFUSED 127.0.0.1:9099'),
    });
    expect(await setStaffRole('grant', 'ana@example.com')).toEqual({
      ok: false,
      message:
        'The staff access of ana@example.com was not changed: Firebase Auth failed to change the staff role. (connect ECONNREFUSED 127.0.0.1:9099) Try again once the accounts can be reached.',
    });

    fake.failure = new AccountsUnavailableError('The accounts database failed.');
    expect(await setStaffRole('revoke', 'ana@example.com')).toEqual({
      ok: false,
      message:
        'The staff access of ana@example.com was not changed: The accounts database failed. Try again once the accounts can be reached.',
    });
  });

  it('lets any other error through: a bug is not an outage', async () => {
    fake.failure = new TypeError('boom');
    await expect(setStaffRole('grant', 'ana@example.com')).rejects.toThrow('boom');
  });

  it('closes nothing: the accounts stay usable by the process that asked', async () => {
    await setStaffRole('grant', 'ana@example.com');
    await setStaffRole('revoke', 'nobody@example.com');
    await setStaffRole('promote', 'ana@example.com');
    expect(fake.closed).toBe(0);
  });
});
