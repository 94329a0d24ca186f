// The reconciliation job as operators run it, on the production build: two paid bookings whose
// Stripe webhook never arrived (Stripe is a local stub of its API) are settled, one by the server's
// start-up run and one by `node scripts/reconcile.mjs` (what `npm run reconcile` runs).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/firestore-emulator';
import { bookingBody, passenger } from '../support/quotes';
import { startStripeStub, stripeModeEnv, type StripeStub } from '../support/stripe-stub';
import { TEST_SESSION_SECRET } from '../support/test-environment';

/** Runs a Node script of the repository, collecting what it prints; `exited` gives its exit code. */
function run(script: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => output };
}

/** The JSON log line "Payments reconciled", once it has been written. */
function reconciledLine(output: string): Record<string, unknown> | null {
  const line = output.split('\n').find((text) => text.includes('"Payments reconciled"'));
  return line ? (JSON.parse(line) as Record<string, unknown>) : null;
}

async function stop(child: ChildProcess, exited: Promise<number | null>) {
  child.kill('SIGTERM');
  await exited;
}

let stub: StripeStub;
let dataDir: string;

test.beforeAll(async () => {
  stub = await startStripeStub();
  dataDir = mkdtempSync(path.join(tmpdir(), 'bc-reconcile-'));
});

test.afterAll(async () => {
  await stub?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('settles paid bookings whose webhook never arrived, on start-up and with npm run reconcile', async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: site,
    DATA_DIR: dataDir,
    SESSION_SECRET: TEST_SESSION_SECRET,
    ...stripeModeEnv(stub, { key: 'reconcile', webhookSecret: 'whsec_reconcile_test_secret' }),
    LOG_REQUESTS: 'false',
  };
  const status = (id: string) => {
    const db = new DatabaseSync(path.join(dataDir, 'store.sqlite'), { readOnly: true });
    // The server writes beside this reader (no WAL): wait for its commits instead of failing.
    db.exec('PRAGMA busy_timeout = 5000');
    try {
      return (db.prepare('SELECT status FROM bookings WHERE id = ?').get(id) as { status: string })
        .status;
    } finally {
      db.close();
    }
  };
  const paid = (intentId: string) => {
    const intent = stub.intents.get(intentId);
    if (!intent) throw new Error(`No intent ${intentId} on the stub.`);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
  };

  // The site takes two bookings with Stripe payments.
  let server = run('server/index.ts', env);
  await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('is serving on');
  const bookings: Array<{ bookingId: string; payment: { paymentIntentId: string } }> = [];
  for (const email of ['first.paid@example.com', 'second.paid@example.com']) {
    const response = await fetch(`${site}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(bookingBody({ passenger: { ...passenger, email } })),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    bookings.push((await response.json()) as (typeof bookings)[number]);
  }
  const [first, second] = bookings as [(typeof bookings)[number], (typeof bookings)[number]];
  await stop(server.child, server.exited);

  // The first customer paid while the site was down: its start-up run settles it.
  paid(first.payment.paymentIntentId);
  expect(status(first.bookingId)).toBe('DRAFT');
  server = run('server/index.ts', env);
  await expect.poll(() => reconciledLine(server.output()), { timeout: 30_000 }).not.toBeNull();
  expect(reconciledLine(server.output())).toMatchObject({ confirmed: 1, failed: 0 });
  expect(status(first.bookingId)).toBe('CONFIRMED');
  expect(status(second.bookingId)).toBe('DRAFT');
  await stop(server.child, server.exited);

  // The second paid later, and its webhook was lost too: the scheduled job settles it.
  paid(second.payment.paymentIntentId);
  const job = run('scripts/reconcile.mjs', env);
  expect(await job.exited, job.output()).toBe(0);
  expect(reconciledLine(job.output())).toMatchObject({ checked: 1, confirmed: 1, failed: 0 });
  expect(status(second.bookingId)).toBe('CONFIRMED');
});
