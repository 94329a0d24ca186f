// The job runner with the `sms` job, on one store shared by several workers (SQLite: a connection
// each; Firestore emulator: a client each), sending through the Twilio adapter against a local
// stub of Twilio (which, like Twilio, makes a second message for a second request). Each
// notification reaches Twilio once: with two workers running at once, after a worker died before
// or after Twilio took the message (its lease ends and another worker takes the job over), after
// a timeout whose message went out, and never after Twilio refused the number.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDueJobs, type JobHandler } from '~/jobs/job-runner.server';
import { enqueueTextMessage, smsJob, smsJobKey } from '~/jobs/sms-job.server';
import type { Messages } from '~/messages/text-messages.server';
import { createTwilioMessages } from '~/messages/twilio-messages.server';
import { createFirestoreJobStore } from '~/store/firestore-job-store.server';
import type { JobStore } from '~/store/job-store.server';
import { createSqliteJobStore } from '~/store/sqlite-job-store.server';
import { describeOnFirestore, sqliteHarness, type Harness } from '../support/store-harness';
import {
  startTwilioStub,
  TWILIO_TEST_ACCOUNT_SID,
  TWILIO_TEST_AUTH_TOKEN,
  TWILIO_TEST_FROM,
  type TwilioStub,
} from '../support/twilio-stub';

const LEASE_MS = 60_000;
const NUMBER = '+61412345678';

/** A clock the test moves: workers read it for claims, leases and the ledger. */
function testClock(start = Date.now()) {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

/** A promise that never settles: a worker frozen or killed at that point. */
const never = () => new Promise<never>(() => undefined);

function runnerScenarios(getHarness: () => Harness<JobStore>) {
  let stub: TwilioStub;
  beforeAll(async () => {
    stub = await startTwilioStub();
  });
  afterAll(() => stub.close());
  beforeEach(async () => {
    await getHarness().reset();
    stub.messages.length = 0;
    stub.requests.length = 0;
  });
  afterEach(() => getHarness().reset());

  const twilio = (timeoutMs?: number): Messages =>
    createTwilioMessages({
      accountSid: TWILIO_TEST_ACCOUNT_SID,
      authToken: TWILIO_TEST_AUTH_TOKEN,
      from: TWILIO_TEST_FROM,
      apiBaseUrl: stub.baseUrl,
      timeoutMs,
    });
  const handlers = (store: JobStore, messages: Messages = twilio()) => ({
    sms: smsJob({ messages, store }),
  });
  const sentTo = (text: string) => stub.messages.filter((message) => message.body === text);

  it('sends each due message once with two workers running on one store', async () => {
    const [first, second] = [getHarness().open(), getHarness().open()];
    const clock = testClock();
    const texts = Array.from({ length: 12 }, (_, index) => `Your chauffeur is Sam (${index}).`);
    for (const [index, text] of texts.entries()) {
      // Each notification enqueued twice, from both instances: one job.
      for (const store of [first, second]) {
        await enqueueTextMessage(
          { to: NUMBER, text, ledgerKey: `booking-${index}:assigned` },
          { store, now: clock.now() },
        );
      }
    }
    // Four passes at once, as two instances' runners would make them. A pass that loses a claim
    // to another takes fewer jobs, so passes are made again, as the runners do on their next tick,
    // until every job is done: each message is still sent once.
    let done = 0;
    for (let round = 0; round < 10 && done < 12; round += 1) {
      const runs = await Promise.all(
        [first, second, first, second].map((store) =>
          runDueJobs({
            store,
            handlers: handlers(store),
            now: clock.now,
            leaseMs: LEASE_MS,
            batch: 3,
          }),
        ),
      );
      expect(runs.every((run) => run.lost === 0 && run.dead === 0)).toBe(true);
      done += runs.reduce((sum, run) => sum + run.done, 0);
    }
    expect(done).toBe(12);
    for (const text of texts) expect(sentTo(text), text).toHaveLength(1);
    expect(stub.messages).toHaveLength(12);
    // Run again later: nothing more is sent.
    clock.advance(3600_000);
    await runDueJobs({ store: second, handlers: handlers(second), now: clock.now });
    expect(stub.messages).toHaveLength(12);
    await expect(first.get(smsJobKey('booking-0:assigned'))).resolves.toMatchObject({
      status: 'done',
      attempts: 1,
    });
  });

  it('takes over the job of a worker that died before sending, after its lease', async () => {
    const [dying, taking] = [getHarness().open(), getHarness().open()];
    const clock = testClock();
    const text = 'Sam is on the way in a black Mercedes E-Class, 123ABC.';
    await enqueueTextMessage(
      { to: NUMBER, text, ledgerKey: 'b1:assigned' },
      { store: dying, now: clock.now() },
    );
    const frozen: Messages = { ...twilio(), send: never };
    void runDueJobs({
      store: dying,
      handlers: handlers(dying, frozen),
      now: clock.now,
      leaseMs: LEASE_MS,
    });
    await expect.poll(() => dying.ledgerEntry('b1:assigned')).toMatchObject({ state: 'sending' });

    // Within the lease the job stays with the dead worker.
    clock.advance(LEASE_MS - 1000);
    await expect(
      runDueJobs({ store: taking, handlers: handlers(taking), now: clock.now, leaseMs: LEASE_MS }),
    ).resolves.toMatchObject({ done: 0 });
    clock.advance(1000);
    await expect(
      runDueJobs({ store: taking, handlers: handlers(taking), now: clock.now, leaseMs: LEASE_MS }),
    ).resolves.toMatchObject({ done: 1 });
    expect(sentTo(text)).toHaveLength(1);
    await expect(taking.get(smsJobKey('b1:assigned'))).resolves.toMatchObject({
      status: 'done',
      token: 2,
    });
    await expect(taking.ledgerEntry('b1:assigned')).resolves.toMatchObject({
      state: 'sent',
      attempt: `${smsJobKey('b1:assigned')}#2`,
      providerId: sentTo(text)[0]?.sid,
    });
  });

  it('does not send again for a worker that died after Twilio took the message', async () => {
    const [dying, taking] = [getHarness().open(), getHarness().open()];
    const clock = testClock();
    const text = 'Your chauffeur Sam will meet you at arrivals.';
    await enqueueTextMessage(
      { to: NUMBER, text, ledgerKey: 'b2:assigned' },
      { store: dying, now: clock.now() },
    );
    const real = twilio();
    // Twilio takes the message, then the worker is gone before it records anything.
    const dies: Messages = { ...real, send: (message) => real.send(message).then(never) };
    void runDueJobs({
      store: dying,
      handlers: handlers(dying, dies),
      now: clock.now,
      leaseMs: LEASE_MS,
    });
    await expect.poll(() => sentTo(text).length).toBe(1);

    clock.advance(LEASE_MS);
    await expect(
      runDueJobs({ store: taking, handlers: handlers(taking), now: clock.now, leaseMs: LEASE_MS }),
    ).resolves.toMatchObject({ done: 1 });
    expect(sentTo(text)).toHaveLength(1);
    await expect(taking.ledgerEntry('b2:assigned')).resolves.toMatchObject({
      state: 'sent',
      providerId: sentTo(text)[0]?.sid,
    });
    // The dead worker's claim, should it wake, is refused.
    await expect(
      dying.complete(smsJobKey('b2:assigned'), 1, clock.now().toISOString()),
    ).rejects.toThrow(/stale/);
  });

  it('does not send again for a worker that died after recording the message sent', async () => {
    const [dying, taking] = [getHarness().open(), getHarness().open()];
    const clock = testClock();
    const text = 'Reminder: Sam collects you in 60 minutes.';
    await enqueueTextMessage(
      { to: NUMBER, text, ledgerKey: 'b3:reminder' },
      { store: dying, now: clock.now() },
    );
    const diesBeforeComplete: JobStore = { ...dying, complete: never };
    void runDueJobs({
      store: diesBeforeComplete,
      handlers: handlers(dying),
      now: clock.now,
      leaseMs: LEASE_MS,
    });
    await expect.poll(() => dying.ledgerEntry('b3:reminder')).toMatchObject({ state: 'sent' });
    clock.advance(LEASE_MS);
    await expect(
      runDueJobs({ store: taking, handlers: handlers(taking), now: clock.now, leaseMs: LEASE_MS }),
    ).resolves.toMatchObject({ done: 1 });
    expect(sentTo(text)).toHaveLength(1);
  });

  it('finds the message of a send that timed out instead of sending it twice', async () => {
    const store = getHarness().open();
    const clock = testClock();
    const text = 'Sam is waiting at door 3.';
    await enqueueTextMessage(
      { to: NUMBER, text, ledgerKey: 'b4:arrived' },
      { store, now: clock.now() },
    );
    stub.stallNext(1);
    await expect(
      runDueJobs({
        store,
        handlers: handlers(store, twilio(500)),
        now: clock.now,
        leaseMs: LEASE_MS,
      }),
    ).resolves.toMatchObject({ retrying: 1 });
    expect(sentTo(text)).toHaveLength(1);
    await expect(store.ledgerEntry('b4:arrived')).resolves.toMatchObject({ state: 'sending' });
    clock.advance(30_000);
    await expect(
      runDueJobs({ store, handlers: handlers(store), now: clock.now, leaseMs: LEASE_MS }),
    ).resolves.toMatchObject({ done: 1 });
    expect(sentTo(text)).toHaveLength(1);
  });

  it('retries after Twilio’s 503 and sends once it answers', async () => {
    const store = getHarness().open();
    const clock = testClock();
    const text = 'Your booking MH3K9Q2A: Sam, black Mercedes E-Class, 123ABC.';
    await enqueueTextMessage(
      { to: NUMBER, text, ledgerKey: 'b5:assigned' },
      { store, now: clock.now() },
    );
    stub.failNext(503, 20500, 'Service Unavailable');
    await expect(
      runDueJobs({ store, handlers: handlers(store), now: clock.now }),
    ).resolves.toMatchObject({ retrying: 1 });
    // Twilio said no: nothing is "sending", so the retry sends without asking first.
    await expect(store.ledgerEntry('b5:assigned')).resolves.toBeNull();
    await expect(
      runDueJobs({ store, handlers: handlers(store), now: clock.now }),
    ).resolves.toMatchObject({
      done: 0,
      retrying: 0,
    });
    clock.advance(30_000);
    await expect(
      runDueJobs({ store, handlers: handlers(store), now: clock.now }),
    ).resolves.toMatchObject({
      done: 1,
    });
    expect(sentTo(text)).toHaveLength(1);
  });

  it('gives up at once on a number Twilio refuses, and never sends it', async () => {
    const store = getHarness().open();
    const clock = testClock();
    await enqueueTextMessage(
      { to: '+61400000000', text: 'Hello', ledgerKey: 'b6:assigned' },
      { store, now: clock.now() },
    );
    stub.failNext(400, 21614, "'To' number is not a valid mobile number");
    await expect(
      runDueJobs({ store, handlers: handlers(store), now: clock.now }),
    ).resolves.toMatchObject({
      dead: 1,
    });
    await expect(store.ledgerEntry('b6:assigned')).resolves.toMatchObject({ state: 'failed' });
    const [dead] = await store.listDead(10);
    expect(dead).toMatchObject({ key: smsJobKey('b6:assigned'), status: 'dead', attempts: 1 });
    expect(dead?.lastError).toContain('21614');
    clock.advance(24 * 3600_000);
    await runDueJobs({ store, handlers: handlers(store), now: clock.now });
    expect(stub.messages).toHaveLength(0);
  });

  it('refuses to queue a number that is not E.164, and kills a queued one without calling Twilio', async () => {
    const store = getHarness().open();
    await expect(
      enqueueTextMessage({ to: '0412 345 678', text: 'Hello', ledgerKey: 'b7' }, { store }),
    ).rejects.toMatchObject({ permanent: true, code: 'invalid_number' });
    await expect(store.get(smsJobKey('b7'))).resolves.toBeNull();
    // A job written by other means with a wrong number, and a job of a kind nobody runs.
    await store.enqueue({
      kind: 'sms',
      key: smsJobKey('b8'),
      runAt: new Date().toISOString(),
      payload: { to: '0412345678', text: 'Hello', ledgerKey: 'b8' },
      at: new Date().toISOString(),
    });
    await store.enqueue({
      kind: 'fax',
      key: 'fax:1',
      runAt: new Date().toISOString(),
      payload: {},
      at: new Date().toISOString(),
    });
    const unknown: Record<string, JobHandler> = handlers(store);
    await expect(runDueJobs({ store, handlers: unknown })).resolves.toMatchObject({ dead: 2 });
    expect(stub.requests).toHaveLength(0);
  });
}

describe('jobs on SQLite', () => {
  const harness = sqliteHarness('sqlite-job-runner', (filename) =>
    createSqliteJobStore({ filename }),
  );
  runnerScenarios(() => harness);
});

describeOnFirestore('jobs on the Firestore emulator', (firestore) => {
  const harness = firestore.harness(createFirestoreJobStore);
  runnerScenarios(() => harness);
});
