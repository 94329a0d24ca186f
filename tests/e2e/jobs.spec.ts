// Jobs that run on their own, on real server processes (the production build served by
// server/index.ts on a free loopback port, embedded SQLite store, outbox text messages): a text
// message queued in the store's file is sent by the server's own jobs run within seconds, once,
// and SIGTERM stops the server cleanly; with the server's runs off (JOBS_INTERVAL_SECONDS=0),
// `npm run jobs` sends what is due and exits.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { enqueueTextMessage } from '~/jobs/sms-job.server';
import { listSmsOutbox, smsOutboxPath } from '~/messages/outbox-messages.server';
import { sqliteStorePath } from '~/store/sqlite-database.server';
import { createSqliteJobStore } from '~/store/sqlite-job-store.server';
import { startServerProcess, type ServerProcess } from './server-process';

/** Queues a text message in the store's file, as another instance would. */
async function queue(dataDir: string, ledgerKey: string, text: string) {
  const store = createSqliteJobStore({ filename: sqliteStorePath(dataDir) });
  try {
    await enqueueTextMessage({ to: '+61412345678', text, ledgerKey }, { store });
  } finally {
    await store.close();
  }
}

test('the server sends a queued text message within seconds, once, and stops on SIGTERM', async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bc-jobs-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(dataDir, {
      JOBS_INTERVAL_SECONDS: '1',
      RECONCILE_ON_START: 'false',
    });
    const text = 'Business Chauffeur: Sam collects you at 9:30 AM in a black Mercedes E-Class.';
    await queue(dataDir, 'booking-1:assigned', text);
    await expect
      .poll(async () => (await listSmsOutbox(smsOutboxPath(dataDir))).length, { timeout: 20_000 })
      .toBe(1);
    expect((await listSmsOutbox(smsOutboxPath(dataDir)))[0]).toMatchObject({
      to: '+61412345678',
      text,
    });
    // Queued again, and later runs: still one message.
    await queue(dataDir, 'booking-1:assigned', text);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await listSmsOutbox(smsOutboxPath(dataDir))).toHaveLength(1);

    server.child.kill('SIGTERM');
    const stopped = await Promise.race([
      server.exited,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 12_000)),
    ]);
    expect(stopped, server.output()).toEqual({ code: 0, signal: null });
  } finally {
    if (server && server.exit() === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('npm run jobs sends what is due once and exits, beside a server whose runs are off', async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bc-jobs-cron-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(dataDir, {
      JOBS_INTERVAL_SECONDS: '0',
      RECONCILE_ON_START: 'false',
    });
    await queue(dataDir, 'booking-2:reminder', 'Reminder: Sam collects you in 60 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await listSmsOutbox(smsOutboxPath(dataDir))).toHaveLength(0);

    const run = spawn(process.execPath, ['scripts/jobs.mjs'], {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_REQUESTS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => run.on('exit', resolve));
    expect(code, output).toBe(0);
    expect(output).toContain('Jobs: 1 done, 0 to try again, 0 failed for good.');
    expect(await listSmsOutbox(smsOutboxPath(dataDir))).toHaveLength(1);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
