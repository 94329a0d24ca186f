// The settle pass (app/booking/settle-pass.server.ts) on the real stores: confirmation emails left
// unsent by a process that died mid-send (its claim still on the booking, as `kill -9` leaves it)
// go out within minutes, without a reconcile and without staff; a claim a live sender holds is
// left alone; and two instances running the pass at the same moment send each email once. The
// other instance runs in a worker thread with its own load of the app (its own store connection or
// Firestore client, its own mailer) on the same storage and outbox, as another server process would.
import { remixAppForFile } from '../support/booking-app';
import { sampleNewBooking } from '../support/booking-fixtures';
import {
  firestoreEmulatorAvailable,
  firestoreEmulatorSkipReason,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../support/firestore-emulator';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import type { SettlePassWorkerData } from '../support/settle-pass-worker';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';
import { Worker } from 'node:worker_threads';
import type { Booking } from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ConfirmationEmailModule from '~/booking/confirmation-email.server';
import type * as SettlePassModule from '~/booking/settle-pass.server';
import type { SettlePassSummary } from '~/booking/settle-pass.server';
import { listOutbox, outboxPath } from '~/mail/outbox-mailer.server';
import type { BookingStore } from '~/store/booking-store.server';
import type * as StoreModule from '~/store/store.server';

const WORKER = new URL('../support/settle-pass-worker.ts', import.meta.url);

/**
 * The settle pass run at the same moment by this test's app and by another instance in a worker
 * thread (tests/support/settle-pass-worker.ts): both summaries.
 */
async function passesAtOnce(app: Pick<RemixApp, 'load'>): Promise<SettlePassSummary[]> {
  const { runSettlePass } = await app.load<typeof SettlePassModule>(
    '/app/booking/settle-pass.server.ts',
  );
  const start = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER, { workerData: { start } satisfies SettlePassWorkerData });
  const message = (wanted: 'ready' | 'summary') =>
    new Promise<SettlePassSummary | undefined>((resolve, reject) => {
      worker.on('message', (sent: { ready?: true; summary?: SettlePassSummary }) => {
        if (wanted === 'ready' && sent.ready) resolve(undefined);
        if (wanted === 'summary' && sent.summary) resolve(sent.summary);
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The worker left with ${code}.`)));
    });
  const ready = message('ready');
  const theirs = message('summary');
  theirs.catch(() => undefined);
  try {
    await ready;
    const flag = new Int32Array(start);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    const [mine, other] = await Promise.all([runSettlePass(), theirs]);
    return [mine, other as SettlePassSummary];
  } finally {
    await worker.terminate();
  }
}

/** The store of the instance the test file started (the request handler's own). */
async function storeOf(app: Pick<RemixApp, 'load'>): Promise<BookingStore> {
  return (await app.load<typeof StoreModule>('/app/store/store.server.ts')).getBookingStore();
}

let people = 0;
/**
 * A paid booking whose confirmation email a process claimed `claimAgeMs` ago and never sent: it
 * died mid-send (kill -9), so nothing released the claim and no copy is recorded.
 */
async function crashedSend(store: BookingStore, claimAgeMs: number): Promise<Booking> {
  people += 1;
  const at = new Date(Date.now() - claimAgeMs - 1000).toISOString();
  const intentId = `pi_sandbox_crashed${String(people).padStart(4, '0')}`;
  const sample = sampleNewBooking();
  const { booking } = await store.createBooking(
    sampleNewBooking({
      status: 'CONFIRMED',
      statusHistory: [
        { status: 'DRAFT', at },
        { status: 'CONFIRMED', at },
      ],
      contacts: {
        passenger: { ...sample.contacts.passenger, email: `crashed.${people}@example.com` },
        booker: null,
      },
      payment: {
        ...sample.payment,
        provider: 'sandbox',
        intentId,
        providerPaymentRef: intentId,
      },
      confirmationEmail: {
        claimedAt: new Date(Date.now() - claimAgeMs).toISOString(),
        sentAt: null,
        messageId: null,
        sentTo: [],
      },
    }),
  );
  return booking;
}

/** The outbox's emails about one booking. */
async function emailsAbout(dataDir: string, booking: Booking) {
  return (await listOutbox(outboxPath(dataDir))).filter((entry) =>
    entry.subject.includes(booking.reference),
  );
}

const MINUTE = 60_000;

/** Twelve crashed sends, the pass run by two instances at once: each email sent once. */
async function expectOneEmailEachFromTwoInstances(app: Pick<RemixApp, 'load'>, dataDir: string) {
  const store = await storeOf(app);
  const crashed = await Promise.all(
    Array.from({ length: 12 }, () => crashedSend(store, 5 * MINUTE)),
  );
  const summaries = await passesAtOnce(app);
  expect(summaries.map((summary) => summary.failed)).toEqual([0, 0]);
  for (const booking of crashed) {
    expect(await emailsAbout(dataDir, booking), booking.reference).toHaveLength(1);
    const after = await store.getBooking(booking.id);
    expect(after?.confirmationEmail.sentAt, booking.reference).not.toBeNull();
    expect(after?.confirmationEmail.sentTo).toEqual([booking.contacts.passenger.email]);
  }
}

describe('the settle pass on SQLite', () => {
  const { env, app } = remixAppForFile();
  const runSettlePass = async () =>
    (await app.load<typeof SettlePassModule>('/app/booking/settle-pass.server.ts')).runSettlePass();

  it('sends the email of a sender that died three minutes ago, with no reconcile', async () => {
    const store = await storeOf(app);
    const { CLAIM_TTL_MS } = await app.load<typeof ConfirmationEmailModule>(
      '/app/booking/confirmation-email.server.ts',
    );
    // Retried within minutes: the claim lives no longer than a few sends could take.
    expect(CLAIM_TTL_MS).toBeLessThanOrEqual(3 * MINUTE);
    const booking = await crashedSend(store, 3 * MINUTE);
    expect(await emailsAbout(env.dataDir, booking)).toHaveLength(0);

    const summary = await runSettlePass();
    expect(summary.emailsSent).toBeGreaterThanOrEqual(1);
    const emails = await emailsAbout(env.dataDir, booking);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.to).toBe(booking.contacts.passenger.email);
    const after = await store.getBooking(booking.id);
    expect(after?.confirmationEmail.sentAt).not.toBeNull();
    expect(after?.confirmationEmail.sentTo).toEqual([booking.contacts.passenger.email]);

    // Sent once: the next pass leaves it.
    await runSettlePass();
    expect(await emailsAbout(env.dataDir, booking)).toHaveLength(1);
  });

  it('leaves alone an email a live sender claimed moments ago', async () => {
    const store = await storeOf(app);
    const booking = await crashedSend(store, 20_000);
    await runSettlePass();
    expect(await emailsAbout(env.dataDir, booking)).toHaveLength(0);
    expect((await store.getBooking(booking.id))?.confirmationEmail.sentAt).toBeNull();
  });

  it('sends each email once when two instances run the pass at the same moment', async () => {
    await expectOneEmailEachFromTwoInstances(app, env.dataDir);
  });
});

describe.skipIf(!firestoreEmulatorAvailable)(
  `the settle pass on Firestore${firestoreEmulatorAvailable ? '' : ` (skipped: ${firestoreEmulatorSkipReason})`}`,
  () => {
    let emulator: FirestoreEmulator | undefined;
    let env: TestEnvironment | undefined;
    let app: RemixApp | undefined;

    beforeAll(async () => {
      emulator = await startFirestoreEmulator();
      env = useTestEnvironment({
        FIREBASE_PROJECT_ID: 'demo-business-chauffeur-settle',
        FIRESTORE_EMULATOR_HOST: emulator.host,
      });
      app = await startRemixApp();
    }, 180_000);

    afterAll(async () => {
      if (app) {
        await (await storeOf(app)).close();
        await app.close();
      }
      env?.restore();
      await emulator?.stop();
    });

    it('sends each email once when two instances run the pass at the same moment', async () => {
      expect((await storeOf(app!)).kind).toBe('firestore');
      await expectOneEmailEachFromTwoInstances(app!, env!.dataDir);
    }, 120_000);
  },
);
