// What the staff console's browser tests share: an operator granting staff access with
// `npm run staff` (scripts/staff.mjs on the production build, the same DATA_DIR as the server).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './account-helpers';

const build = path.resolve(process.env.REMIX_BUILD_DIR ?? 'build');

/** `npm run staff -- <args>` for the server at siteUrl, to its end: its exit code and output. */
export async function staffCommand(args: string[], siteUrl: string) {
  const child = spawn(process.execPath, ['scripts/staff.mjs', ...args], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SITE_URL: siteUrl,
      DATA_DIR: E2E_DATA_DIR,
      REMIX_BUILD_DIR: build,
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output };
}

/** `npm run staff -- grant <email>`: the account is staff from its next request. */
export async function grantStaff(email: string, siteUrl: string) {
  const { code, output } = await staffCommand(['grant', email], siteUrl);
  expect(code, output).toBe(0);
}

/** A customer's email no other test uses. */
export const customerEmail = () =>
  `Mere.Tuhiwai+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
