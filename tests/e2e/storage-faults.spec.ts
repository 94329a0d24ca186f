// A storage fault on a real server process: the production build served by server/index.ts on a free
// loopback port (embedded SQLite store, sandbox payments). After a first booking, every file of
// the data folder is made immutable (chattr +i: the kernel refuses every write, root's too, as on
// a filesystem remounted read-only). The site must answer clear 503s, /readyz must say the store
// is failing, and the process must live: /healthz answers and, once the files are writable again,
// bookings work without a restart. (With WAL, SQLite's memory-mapped -shm index made the next
// write fault with SIGBUS and node died with "Bus error".) With only the booking store's file
// immutable, the sandbox could still charge: no card is charged while the store cannot write.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { messages } from '@business-chauffeur/booking-contract';
import { bookingBody, passenger } from '../support/quotes';
import { startServerProcess } from './server-process';

/** Sets or clears the immutable attribute of files; false when that is refused. */
function immutableFiles(files: string[], on: boolean): boolean {
  return spawnSync('chattr', ['-R', on ? '+i' : '-i', ...files]).status === 0;
}

/** Sets or clears the immutable attribute of every file in a folder; false when that is refused. */
function immutable(dir: string, on: boolean): boolean {
  return immutableFiles(
    readdirSync(dir).map((name) => path.join(dir, name)),
    on,
  );
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

interface BookedPayment {
  bookingId: string;
  bookingReferenceId: string;
  payment: { clientSecret: string; paymentIntentId: string };
}

/** The production server on its own data folder, and the requests a customer's browser makes. */
async function startSite(dataDir: string) {
  const server = await startServerProcess(dataDir);
  return {
    ...server,
    book: (email: string) =>
      fetch(`${server.site}/api/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(bookingBody({ passenger: { ...passenger, email } })),
      }),
    pay: (booking: BookedPayment) =>
      fetch(`${server.site}/api/bookings/${booking.bookingId}/sandbox-confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          clientSecret: booking.payment.clientSecret,
          card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
          termsAccepted: true,
        }),
      }),
    get: (path: string) => fetch(`${server.site}${path}`),
  };
}

type Site = Awaited<ReturnType<typeof startSite>>;

test('a store that cannot be written answers 503s, fails readiness, and the process lives', async () => {
  test.skip(
    !immutableFilesWork(),
    'chattr +i is refused here (it needs root and a filesystem with the immutable attribute)',
  );
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bc-storage-faults-'));
  let site: Site | undefined;
  try {
    site = await startSite(dataDir);
    const first = await site.book('before.fault@example.com');
    expect(first.status, await first.clone().text()).toBe(201);
    const booking = (await first.json()) as BookedPayment;

    expect(immutable(dataDir, true)).toBe(true);

    // A new booking cannot be saved: a 503 that says so (which part failed first, the rate-limit
    // counters or the booking itself, is the server's business).
    const refused = await site.book('during.fault@example.com');
    expect(refused.status).toBe(503);
    const refusal = (await refused.json()) as { error: { code: string; message: string } };
    expect(refusal.error.code).toMatch(/unavailable/);
    expect(refusal.error.message).toMatch(/try again|support/i);

    // Paying the saved booking is refused before any charge (the store must take the outcome):
    // 503 with a clear message.
    const paid = await site.pay(booking);
    expect(paid.status, await paid.clone().text()).toBe(503);
    expect(paid.headers.get('retry-after')).toBe('5');
    expect(await paid.json()).toEqual({
      error: { code: 'service_unavailable', message: messages.api.storeUnavailable },
    });

    // Readiness writes a health record: it fails, so a load balancer stops sending traffic.
    const ready = await site.get('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'unavailable',
      checks: { store: 'failing' },
    });

    // The process lives.
    const health = await site.get('/healthz');
    expect(health.status).toBe(200);
    expect(site.exit(), site.output()).toBeNull();

    // Writable again: the same process takes bookings and payments, no restart needed.
    expect(immutable(dataDir, false)).toBe(true);
    const after = await site.book('after.fault@example.com');
    expect(after.status, await after.clone().text()).toBe(201);
    const paidAfter = await site.pay(booking);
    expect(paidAfter.status, await paidAfter.clone().text()).toBe(200);
    expect(await paidAfter.json()).toMatchObject({ status: 'CONFIRMED' });
    expect(site.exit(), site.output()).toBeNull();
  } finally {
    immutable(dataDir, false);
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The sandbox's record of a payment, read from its ledger file. */
function ledgerStatus(dataDir: string, intentId: string): string | undefined {
  const db = new DatabaseSync(path.join(dataDir, 'payments-sandbox.sqlite'), { readOnly: true });
  try {
    const row = db.prepare('SELECT status FROM sandbox_intents WHERE id = ?').get(intentId);
    return row ? String(row.status) : undefined;
  } finally {
    db.close();
  }
}

test('no card is charged while only the booking store is read-only, and paying works after', async () => {
  test.skip(
    !immutableFilesWork(),
    'chattr +i is refused here (it needs root and a filesystem with the immutable attribute)',
  );
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bc-storage-faults-'));
  const store = path.join(dataDir, 'store.sqlite');
  let site: Site | undefined;
  try {
    site = await startSite(dataDir);
    const first = await site.book('store.readonly@example.com');
    expect(first.status, await first.clone().text()).toBe(201);
    const booking = (await first.json()) as BookedPayment;

    // The store's file only: the sandbox's ledger beside it still takes writes.
    expect(immutableFiles([store], true)).toBe(true);
    const paid = await site.pay(booking);
    expect(paid.status, await paid.clone().text()).toBe(503);
    expect(await paid.json()).toEqual({
      error: { code: 'service_unavailable', message: messages.api.storeUnavailable },
    });
    expect(ledgerStatus(dataDir, booking.payment.paymentIntentId)).toBe('requires_payment_method');

    expect(immutableFiles([store], false)).toBe(true);
    const paidAfter = await site.pay(booking);
    expect(paidAfter.status, await paidAfter.clone().text()).toBe(200);
    expect(await paidAfter.json()).toMatchObject({ status: 'CONFIRMED' });
    expect(ledgerStatus(dataDir, booking.payment.paymentIntentId)).toBe('succeeded');
    expect(site.exit(), site.output()).toBeNull();
  } finally {
    immutableFiles([store], false);
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
