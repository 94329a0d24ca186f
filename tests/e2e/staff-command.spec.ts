// The staff command as operators run it, on the production build: `node scripts/staff.mjs` (what
// `npm run staff` runs) grants and revokes the staff role of a local account in the SQLite file of
// DATA_DIR, refuses an email without an account and anything that is not `grant|revoke <email>`,
// and asks for a build when there is none. A browser test because it needs the server build that
// `npm run test:e2e` makes first (REMIX_BUILD_DIR, else ./build); no page is opened.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Accounts } from '~/accounts/accounts.server';
import { createLocalAccounts } from '~/accounts/local-accounts.server';
import { sqliteStorePath } from '~/store/sqlite-database.server';
import { TEST_SESSION_SECRET } from '../support/test-environment';

const build = path.resolve(process.env.REMIX_BUILD_DIR ?? 'build');
const USAGE = 'Usage: npm run staff -- grant <email> | revoke <email>';

/** Runs scripts/staff.mjs with these arguments to its end: its exit code and what it printed. */
async function staff(args: string[], env: NodeJS.ProcessEnv = commandEnv) {
  const child = spawn(process.execPath, ['scripts/staff.mjs', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

let dataDir: string;
let emptyBuildDir: string;
let commandEnv: NodeJS.ProcessEnv;
let accounts: Accounts;
let anaId: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'bc-staff-command-'));
  emptyBuildDir = mkdtempSync(path.join(tmpdir(), 'bc-staff-no-build-'));
  commandEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SITE_URL: 'http://127.0.0.1:3999',
    DATA_DIR: dataDir,
    SESSION_SECRET: TEST_SESSION_SECRET,
    REMIX_BUILD_DIR: build,
    LOG_REQUESTS: 'false',
  };
  // Local accounts are kept on the store's SQLite file, as the server opens it (get-accounts).
  accounts = createLocalAccounts({
    filename: sqliteStorePath(dataDir),
    resetLink: (code) => `http://127.0.0.1:3999/reset-password?oobCode=${code}`,
    sendResetLink: () => Promise.resolve(),
  });
  const created = await accounts.createAccount({
    email: 'ana@example.com',
    password: 'a long enough password',
  });
  if (!created.ok) throw new Error('The account could not be created.');
  anaId = created.signedIn.user.id;
});

test.afterAll(async () => {
  await accounts?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(emptyBuildDir, { recursive: true, force: true });
});

test('npm run staff grants and revokes the staff role of an account, and refuses the rest', async () => {
  test.setTimeout(60_000);
  expect(existsSync(path.join(build, 'server/index.js')), `a server build in ${build}`).toBe(true);
  expect(await accounts.isStaff(anaId)).toBe(false);

  // The email as an operator may type it: the account's, in any case, with spaces around.
  const granted = await staff(['grant', ' Ana@Example.com ']);
  expect(granted, granted.stderr).toEqual({
    code: 0,
    stdout: 'Granted staff access to ana@example.com.\n',
    stderr: '',
  });
  expect(await accounts.isStaff(anaId)).toBe(true);

  // Granting again changes nothing and says the same.
  expect((await staff(['grant', 'ana@example.com'])).code).toBe(0);
  expect(await accounts.isStaff(anaId)).toBe(true);

  const revoked = await staff(['revoke', 'ana@example.com']);
  expect(revoked, revoked.stderr).toEqual({
    code: 0,
    stdout: 'Revoked staff access from ana@example.com.\n',
    stderr: '',
  });
  expect(await accounts.isStaff(anaId)).toBe(false);

  // No account has this address: nothing is created, the operator is told to sign up first.
  expect(await staff(['grant', 'nobody@example.com'])).toEqual({
    code: 1,
    stdout: '',
    stderr: 'No account has the email nobody@example.com: sign up first at /signup.\n',
  });

  const notAnAddress = await staff(['grant', 'Ana <ana@example.com>']);
  expect(notAnAddress.code).toBe(1);
  expect(notAnAddress.stderr).toContain('is not an email address');
  expect(await accounts.isStaff(anaId)).toBe(false);

  for (const args of [[], ['grant'], ['promote', 'ana@example.com'], ['grant', 'a@x.com', 'b']]) {
    expect(await staff(args), args.join(' ')).toEqual({
      code: 1,
      stdout: '',
      stderr: `${USAGE}\n`,
    });
  }
  expect(await accounts.isStaff(anaId)).toBe(false);
});

test('npm run staff asks for a build when there is none', async () => {
  const result = await staff(['grant', 'ana@example.com'], {
    ...commandEnv,
    REMIX_BUILD_DIR: emptyBuildDir,
  });
  expect(result).toEqual({
    code: 1,
    stdout: '',
    stderr: `No server build at ${path.join(emptyBuildDir, 'server/index.js')}. Run \`npm run build\` first.\n`,
  });
  expect(await accounts.isStaff(anaId)).toBe(false);
});
