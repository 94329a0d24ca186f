// The Accounts contract on the Firebase adapter, against the Firebase Auth emulator of
// firebase-tools (started here on free ports). Skipped, with the reason, only when the emulator
// cannot start.
import { afterAll, describe, expect, it } from 'vitest';
import type { Accounts } from '~/accounts/accounts.server';
import { createFirebaseAccounts } from '~/accounts/firebase-accounts.server';
import {
  firebaseToolsAvailable,
  firebaseToolsSkipReason,
  startAuthEmulator,
  type AuthEmulator,
} from '../support/firebase-auth-emulator';
import { accountsContract, PASSWORD, type AccountsHarness } from './accounts.contract';

process.env.METADATA_SERVER_DETECTION = 'none';
const PROJECT_ID = 'demo-business-chauffeur';

let emulator: AuthEmulator | undefined;
let skipReason = firebaseToolsAvailable ? '' : firebaseToolsSkipReason;
if (firebaseToolsAvailable) {
  try {
    emulator = await startAuthEmulator(PROJECT_ID);
  } catch (error) {
    skipReason = `the Firebase Auth emulator could not start: ${(error as Error).message}`;
  }
}

let opened: Accounts[] = [];

function open(overrides: { apiKey?: string; authEmulatorHost?: string } = {}): Accounts {
  if (!emulator) throw new Error('The emulator is not running.');
  const accounts = createFirebaseAccounts({
    projectId: PROJECT_ID,
    apiKey: 'demo-api-key',
    authEmulatorHost: emulator.host,
    timeoutMs: 5000,
    ...overrides,
  });
  opened.push(accounts);
  return accounts;
}

const harness: AccountsHarness = {
  accounts: () => open(),
  resetCodes: (email) => emulator!.resetCodes(email),
  async reset() {
    await Promise.all(opened.map((accounts) => accounts.close()));
    opened = [];
    await emulator?.clear();
  },
  // Firebase compares a session's sign-in time with the revocation time in whole seconds.
  revocationGranularityMs: 1100,
};

afterAll(async () => {
  await Promise.all(opened.map((accounts) => accounts.close()));
  await emulator?.stop();
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
});

describe.skipIf(!emulator)(
  `Firebase accounts${emulator ? '' : ` (skipped: ${skipReason})`}`,
  () => {
    accountsContract(() => harness);

    it('reports an unreachable Firebase as unavailable, not as wrong credentials', async () => {
      await harness.reset();
      const accounts = open({ authEmulatorHost: '127.0.0.1:9' });
      await expect(accounts.signIn({ email: 'a@example.com', password: PASSWORD })).rejects.toThrow(
        /could not be reached/,
      );
      // Point the Admin SDK back at the running emulator for the next tests.
      await harness.reset();
      open();
    });
  },
);
