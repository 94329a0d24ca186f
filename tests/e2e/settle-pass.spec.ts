// A sender killed mid-send, on real server processes (the production build served by
// server/index.ts on free loopback ports, embedded SQLite store, sandbox payments). The first
// server sends through a mail server that accepts the connection and never greets, so the
// confirmation email hangs with its claim on the booking; the server is killed with SIGKILL right
// then, as `kill -9` would, and nothing releases the claim. A second server on the same data, with
// no reconciliation at start, sends the email from its settle pass once the claim's lifetime is
// over (two minutes, aged in the file here rather than waited for), then stops cleanly on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { listOutbox, outboxPath } from '~/mail/outbox-mailer.server';
import { bookingBody, passenger } from '../support/quotes';
import { startServerProcess, type ServerProcess } from './server-process';

/** The booking's document as the store's file holds it (the server that wrote it is gone). */
function storedEmailState(dataDir: string, id: string) {
  const db = new DatabaseSync(path.join(dataDir, 'store.sqlite'), { readOnly: true });
  try {
    const row = db.prepare('SELECT status, document FROM bookings WHERE id = ?').get(id);
    const document = JSON.parse(String(row?.document)) as {
      confirmationEmail: { claimedAt: string | null; sentAt: string | null };
    };
    return { status: String(row?.status), ...document.confirmationEmail };
  } finally {
    db.close();
  }
}

test('an email whose sender was killed mid-send goes out from the settle pass, with no reconcile', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bc-settle-pass-'));
  // A mail server that takes the connection and never says hello: the send waits for its greeting.
  const connections: Socket[] = [];
  const silentMail = createServer((socket) => connections.push(socket));
  await new Promise<void>((resolve) => silentMail.listen(0, '127.0.0.1', resolve));
  const mailPort = (silentMail.address() as { port: number }).port;
  const servers: ServerProcess[] = [];

  try {
    const first = await startServerProcess(dataDir, {
      SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
      SETTLE_INTERVAL_SECONDS: '0',
      RECONCILE_ON_START: 'false',
    });
    servers.push(first);
    const booked = await fetch(`${first.site}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(
        bookingBody({ passenger: { ...passenger, email: 'killed.sender@example.com' } }),
      ),
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const booking = (await booked.json()) as {
      bookingId: string;
      bookingReferenceId: string;
      payment: { clientSecret: string };
    };
    // Paid: the booking is confirmed, and its email is claimed and hangs in the send.
    const paying = fetch(`${first.site}/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientSecret: booking.payment.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
        termsAccepted: true,
      }),
    }).catch(() => null);
    await expect.poll(() => connections.length, { timeout: 15_000 }).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    await paying;

    const left = storedEmailState(dataDir, booking.bookingId);
    expect(left).toMatchObject({ status: 'CONFIRMED', sentAt: null });
    expect(left.claimedAt).not.toBeNull();
    // The claim's two minutes go by.
    const db = new DatabaseSync(path.join(dataDir, 'store.sqlite'));
    db.prepare(
      `UPDATE bookings SET document = json_set(document, '$.confirmationEmail.claimedAt', ?)
       WHERE id = ?`,
    ).run(
      new Date(Date.parse(left.claimedAt ?? '') - 2 * 60_000 - 1000).toISOString(),
      booking.bookingId,
    );
    db.close();

    const second = await startServerProcess(dataDir, {
      SETTLE_INTERVAL_SECONDS: '1',
      RECONCILE_ON_START: 'false',
    });
    servers.push(second);
    const emails = async () =>
      (await listOutbox(outboxPath(dataDir))).filter((entry) =>
        entry.subject.includes(booking.bookingReferenceId),
      );
    await expect.poll(async () => (await emails()).length, { timeout: 20_000 }).toBe(1);
    expect((await emails())[0]?.to).toBe('killed.sender@example.com');
    expect(storedEmailState(dataDir, booking.bookingId).sentAt).not.toBeNull();
    // Once: later passes leave it.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await emails()).toHaveLength(1);

    // SIGTERM stops the pass and the server: a clean exit, promptly.
    second.child.kill('SIGTERM');
    const stopped = await Promise.race([
      second.exited,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 12_000)),
    ]);
    expect(stopped, second.output()).toEqual({ code: 0, signal: null });
  } finally {
    for (const server of servers) {
      if (server.exit() === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    for (const socket of connections) socket.destroy();
    await new Promise<void>((resolve) => silentMail.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
