// A storage fault on a real server process: the production build served by server/index.ts on a free
// loopback port (embedded SQLite store, sandbox payments). After a first booking, every file of
// the data folder is made immutable (chattr +i: the kernel refuses every write, root's too, as on
// a filesystem remounted read-only). The site must answer clear 503s, /readyz must say the store
// is failing, and the process must live: /healthz answers and, once the files are writable again,
// bookings work without a restart. (With WAL, SQLite's memory-mapped -shm index made the next
// write fault with SIGBUS and node died with "Bus error".)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { en as messages } from '@business-chauffeur/booking-contract';
import { freePort } from '../support/firestore-emulator';
import { bookingBody, passenger } from '../support/quotes';
import { TEST_SESSION_SECRET } from '../support/test-environment';

/** Sets or clears the immutable attribute of every file in a folder; false when that is refused. */
function immutable(dir: string, on: boolean): boolean {
  const files = readdirSync(dir).map((name) => path.join(dir, name));
  return spawnSync('chattr', ['-R', on ? '+i' : '-i', ...files]).status === 0;
}

/** Whether this machine lets the test make a file immutable (root on ext4, xfs, btrfs, …). */
function immutableFilesWork(): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'bc-chattr-'));
  try {
    spawnSync('touch', [path.join(dir, 'probe')]);
    const works = immutable(dir, true);
    immutable(dir, false);
    return works;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a store that cannot be written answers 503s, fails readiness, and the process lives', async () => {
  test.skip(
    !immutableFilesWork(),
    'chattr +i is refused here (it needs root and a filesystem with the immutable attribute)',
  );
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bc-storage-faults-'));
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: site,
      DATA_DIR: dataDir,
      SESSION_SECRET: TEST_SESSION_SECRET,
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exit: { code: number | null; signal: string | null } | null = null;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  const book = (email: string) =>
    fetch(`${site}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(bookingBody({ passenger: { ...passenger, email } })),
    });

  try {
    await expect.poll(() => output, { timeout: 30_000 }).toContain('is serving on');
    const first = await book('before.fault@example.com');
    expect(first.status, await first.clone().text()).toBe(201);
    const booking = (await first.json()) as {
      bookingId: string;
      payment: { clientSecret: string };
    };

    expect(immutable(dataDir, true)).toBe(true);

    // A new booking cannot be saved: a 503 that says so (which part failed first, the rate-limit
    // counters or the booking itself, is the server's business).
    const refused = await book('during.fault@example.com');
    expect(refused.status).toBe(503);
    const refusal = (await refused.json()) as { error: { code: string; message: string } };
    expect(refusal.error.code).toMatch(/unavailable/);
    expect(refusal.error.message).toMatch(/try again|support/i);

    // Paying the saved booking needs a write to the payment ledger: 503 with a clear message.
    const paid = await fetch(`${site}/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientSecret: booking.payment.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      }),
    });
    expect(paid.status, await paid.clone().text()).toBe(503);
    expect(paid.headers.get('retry-after')).toBe('5');
    expect(await paid.json()).toEqual({
      error: {
        code: 'service_unavailable',
        message: messages.api.paymentServiceUnavailable,
      },
    });

    // Readiness writes a health record: it fails, so a load balancer stops sending traffic.
    const ready = await fetch(`${site}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'unavailable',
      checks: { store: 'failing' },
    });

    // The process lives.
    const health = await fetch(`${site}/healthz`);
    expect(health.status).toBe(200);
    expect(exit, output).toBeNull();

    // Writable again: the same process takes bookings and payments, no restart needed.
    expect(immutable(dataDir, false)).toBe(true);
    const after = await book('after.fault@example.com');
    expect(after.status, await after.clone().text()).toBe(201);
    const paidAfter = await fetch(`${site}/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientSecret: booking.payment.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      }),
    });
    expect(paidAfter.status, await paidAfter.clone().text()).toBe(200);
    expect(await paidAfter.json()).toMatchObject({ status: 'CONFIRMED' });
    expect(exit, output).toBeNull();
  } finally {
    immutable(dataDir, false);
    if (exit === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
