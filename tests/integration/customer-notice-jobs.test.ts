// The passenger's notice and pickup reminder as jobs, on one job store shared by several workers
// (SQLite: a connection each; Firestore emulator: a client each), sending text messages through
// the Twilio adapter against a local stub and emails through the outbox mailer. The reminder is
// sent once when due: with two workers at once, and after a worker died mid-job (before sending,
// and after its email went out but before it was recorded); it names whoever is on the job when it
// runs, and does nothing once the booking is unassigned, cancelled or moved. A number Twilio
// refuses is a dead job, never retried, and listed for the booking's staff page.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Booking } from '@business-chauffeur/booking-contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDueJobs } from '~/jobs/job-runner.server';
import { smsJob } from '~/jobs/sms-job.server';
import type { Mailer } from '~/mail/mailer.server';
import { createOutboxMailer } from '~/mail/outbox-mailer.server';
import type { Messages } from '~/messages/text-messages.server';
import { createTwilioMessages } from '~/messages/twilio-messages.server';
import {
  CUSTOMER_NOTICE_JOB,
  customerNoticeJob,
  PICKUP_REMINDER_JOB,
  pickupReminderJob,
  pickupReminderJobKey,
  scheduleCustomerNotices,
  undeliveredTexts,
  type NoticeDeps,
} from '~/notify/customer-notices.server';
import type { CarRecord, ChauffeurRecord, JobRecord } from '~/store/dispatch-store.server';
import { createFirestoreJobStore } from '~/store/firestore-job-store.server';
import type { JobStore } from '~/store/job-store.server';
import { createSqliteJobStore } from '~/store/sqlite-job-store.server';
import { decodeParts } from '../support/mime';
import { describeOnFirestore, sqliteHarness, type Harness } from '../support/store-harness';
import {
  startTwilioStub,
  TWILIO_TEST_ACCOUNT_SID,
  TWILIO_TEST_AUTH_TOKEN,
  TWILIO_TEST_FROM,
  type TwilioStub,
} from '../support/twilio-stub';
import { sampleCar, sampleChauffeur } from './dispatch-store.contract';

const LEASE_MS = 60_000;
// Pickup 10:00 Queensland time on 14 March 2031 (00:00 UTC); the reminder is due an hour before.
const PICKUP = '2031-03-14T00:00:00.000Z';
const DUE = Date.parse(PICKUP) - 60 * 60_000;
const BRAND = {
  name: 'Business Chauffeur',
  phone: '1300 975 707',
  email: 'bookings@businesschauffeur.example',
  siteUrl: 'https://www.businesschauffeur.example',
};

function testClock(start: number) {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

const never = () => new Promise<never>(() => undefined);

function sampleBooking(id: string, overrides: Partial<Booking> = {}): Booking {
  return {
    id,
    reference: `BC-${id.toUpperCase()}`,
    status: 'CONFIRMED',
    trip: { date: '2031-03-14', time: '10:00' },
    contacts: {
      passenger: {
        firstName: 'Olivia',
        lastName: 'Nguyen',
        email: `olivia.${id}@example.com`,
        countryCode: '+61',
        mobileNumber: '0412 345 678',
      },
      booker: null,
    },
    ...overrides,
  } as Booking;
}

/** The bookings and jobs the notices read: what staff would have set up, kept in memory. */
function world() {
  const bookings = new Map<string, Booking>();
  const jobs = new Map<string, JobRecord>();
  const chauffeurs = new Map<string, ChauffeurRecord>([
    ['arthur', sampleChauffeur({ id: 'arthur' })],
    ['bea', sampleChauffeur({ id: 'bea', firstName: 'Bea', lastName: 'Adams' })],
  ]);
  const cars = new Map<string, CarRecord>([
    ['123ABC', sampleCar()],
    ['456DEF', sampleCar({ id: '456DEF', plate: '456 DEF', makeModel: 'BMW 530e' })],
  ]);
  return {
    bookings,
    jobs,
    assign(bookingId: string, chauffeurId: string | null, carId: string | null) {
      const previous = jobs.get(bookingId) ?? null;
      const job: JobRecord = {
        bookingId,
        reference: bookings.get(bookingId)!.reference,
        chauffeurId,
        carId,
        start: PICKUP,
        end: PICKUP,
        sequence: previous ? previous.sequence + 1 : 0,
        updatedAt: PICKUP,
        updatedBy: 'dispatch@businesschauffeur.example',
      };
      jobs.set(bookingId, job);
      return { job, previous };
    },
    reads: {
      bookings: { getBooking: async (id: string) => bookings.get(id) ?? null },
      dispatch: {
        getJob: async (id: string) => jobs.get(id) ?? null,
        getChauffeur: async (id: string) => chauffeurs.get(id) ?? null,
        getCar: async (id: string) => cars.get(id) ?? null,
      },
    },
  };
}

function scenarios(getHarness: () => Harness<JobStore>) {
  let stub: TwilioStub;
  let outbox: string;
  beforeAll(async () => {
    stub = await startTwilioStub();
  });
  afterAll(() => stub.close());
  beforeEach(async () => {
    await getHarness().reset();
    stub.messages.length = 0;
    stub.requests.length = 0;
    outbox = mkdtempSync(path.join(tmpdir(), 'notice-outbox-'));
  });
  afterEach(async () => {
    await getHarness().reset();
    rmSync(outbox, { recursive: true, force: true });
  });

  const twilio = (): Messages =>
    createTwilioMessages({
      accountSid: TWILIO_TEST_ACCOUNT_SID,
      authToken: TWILIO_TEST_AUTH_TOKEN,
      from: TWILIO_TEST_FROM,
      apiBaseUrl: stub.baseUrl,
    });
  const outboxMailer = () => createOutboxMailer({ dir: outbox, from: BRAND.email });
  const emails = () =>
    existsSync(outbox)
      ? readdirSync(outbox).map((name) =>
          decodeParts(readFileSync(path.join(outbox, name), 'utf8')),
        )
      : [];

  function handlers(
    store: JobStore,
    reads: ReturnType<typeof world>['reads'],
    { mailer = outboxMailer(), messages = twilio() }: { mailer?: Mailer; messages?: Messages } = {},
  ) {
    const deps: NoticeDeps = { jobStore: store, mailer, brand: async () => BRAND, ...reads };
    return {
      sms: smsJob({ messages, store }),
      [CUSTOMER_NOTICE_JOB]: customerNoticeJob(deps),
      [PICKUP_REMINDER_JOB]: pickupReminderJob(deps),
    };
  }

  /** Runs until nothing is due (a notice job queues its text message as a job of its own). */
  async function drain(store: JobStore, reads: ReturnType<typeof world>['reads'], now: () => Date) {
    for (let round = 0; round < 5; round += 1) {
      await runDueJobs({ store, handlers: handlers(store, reads), now, leaseMs: LEASE_MS });
    }
  }

  it('sends the reminder once when due, with two workers at once, naming the chauffeur then on the job', async () => {
    const [first, second] = [getHarness().open(), getHarness().open()];
    const { bookings, assign, reads } = world();
    const clock = testClock(DUE - 3 * 3600_000);
    bookings.set('b1', sampleBooking('b1'));
    // Assigned (the request run on both instances: queued once), then changed before the
    // reminder.
    const assigned = assign('b1', 'arthur', '123ABC');
    for (const store of [first, second]) {
      await scheduleCustomerNotices(
        { booking: bookings.get('b1')!, ...assigned },
        { store, reminderMinutes: 60, now: clock.now() },
      );
    }
    await scheduleCustomerNotices(
      { booking: bookings.get('b1')!, ...assign('b1', 'bea', '456DEF') },
      { store: second, reminderMinutes: 60, now: clock.now() },
    );
    await expect(first.get(pickupReminderJobKey('b1', PICKUP))).resolves.toMatchObject({
      status: 'pending',
      runAt: new Date(DUE).toISOString(),
    });
    // Before it is due, only the notice for Bea goes (Arthur's was overtaken by the change).
    await drain(first, reads, clock.now);
    expect(stub.messages.map((message) => message.body)).toEqual([
      expect.stringMatching(/^Business Chauffeur: Bea is your chauffeur for booking BC-B1/),
    ]);
    stub.messages.length = 0;

    clock.advance(3 * 3600_000);
    await Promise.all(
      [first, second, first, second].map((store) =>
        runDueJobs({ store, handlers: handlers(store, reads), now: clock.now, leaseMs: LEASE_MS }),
      ),
    );
    await Promise.all([drain(first, reads, clock.now), drain(second, reads, clock.now)]);
    expect(stub.messages).toHaveLength(1);
    expect(stub.messages[0]!.to).toBe('+61412345678');
    expect(stub.messages[0]!.body).toBe(
      'Business Chauffeur: reminder for booking BC-B1 on Friday 14 March 2031 at 10:00 AM. Bea will meet you in the BMW 530e, plate 456 DEF. Questions? Call 1300 975 707.',
    );
    const reminders = emails().filter((text) => text.includes('A reminder of your trip'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toContain('Bea will meet you in the BMW 530e, registration 456 DEF.');
    expect(reminders[0]).not.toContain('Adams');
    clock.advance(3600_000);
    await drain(second, reads, clock.now);
    expect(stub.messages).toHaveLength(1);
    expect(emails().filter((text) => text.includes('A reminder of your trip'))).toHaveLength(1);
  });

  it('sends the reminder once after a worker died before sending, and after one died between its email and recording it', async () => {
    const [dying, taking] = [getHarness().open(), getHarness().open()];
    const { bookings, assign, reads } = world();
    const clock = testClock(DUE);
    for (const id of ['b2', 'b3']) {
      bookings.set(id, sampleBooking(id));
      await scheduleCustomerNotices(
        { booking: bookings.get(id)!, ...assign(id, 'arthur', '123ABC') },
        { store: dying, reminderMinutes: 60, now: new Date(DUE - 86_400_000) },
      );
    }
    // The notices were sent the day before.
    await drain(taking, reads, () => new Date(DUE - 86_400_000));
    stub.messages.length = 0;
    rmSync(outbox, { recursive: true, force: true });

    // b2's worker freezes before anything is sent; b3's right after its email went out.
    const frozenReads = {
      ...reads,
      bookings: {
        getBooking: (id: string) => (id === 'b2' ? never() : reads.bookings.getBooking(id)),
      },
    };
    const real = outboxMailer();
    const diesAfterSending: Mailer = {
      kind: 'outbox',
      async send(message) {
        await real.send(message);
        return never();
      },
    };
    void runDueJobs({
      store: dying,
      handlers: handlers(dying, frozenReads, { mailer: diesAfterSending }),
      now: clock.now,
      leaseMs: LEASE_MS,
    });
    await expect.poll(() => emails().length).toBe(1);
    await expect
      .poll(() => dying.get(pickupReminderJobKey('b2', PICKUP)))
      .toMatchObject({
        status: 'running',
      });
    // Within the lease nobody else takes them.
    await drain(taking, reads, clock.now);
    const sentWithinLease = stub.messages.length;
    clock.advance(LEASE_MS + 1000);
    await drain(taking, reads, clock.now);
    expect(sentWithinLease).toBeLessThanOrEqual(1);
    for (const id of ['b2', 'b3']) {
      await expect(taking.get(pickupReminderJobKey(id, PICKUP))).resolves.toMatchObject({
        status: 'done',
        attempts: 2,
      });
      expect(
        stub.messages.filter((message) => message.body.includes(`BC-${id.toUpperCase()}`)),
      ).toHaveLength(1);
      expect(emails().filter((text) => text.includes(`BC-${id.toUpperCase()}`))).toHaveLength(1);
    }
  });

  it('sends nothing once the booking is unassigned, cancelled or moved; the moved pickup has its own reminder', async () => {
    const store = getHarness().open();
    const { bookings, assign, reads } = world();
    const before = new Date(DUE - 86_400_000);
    for (const id of ['b4', 'b5', 'b6']) {
      bookings.set(id, sampleBooking(id));
      await scheduleCustomerNotices(
        { booking: bookings.get(id)!, ...assign(id, 'arthur', '123ABC') },
        { store, reminderMinutes: 60, now: before },
      );
    }
    await drain(store, reads, () => before);
    stub.messages.length = 0;
    rmSync(outbox, { recursive: true, force: true });

    assign('b4', null, null);
    bookings.set('b5', sampleBooking('b5', { status: 'CANCELLED' }));
    // b6 moves to 2 PM: its job follows (same chauffeur, no new notice), a reminder at 1 PM.
    const moved = sampleBooking('b6', { trip: { date: '2031-03-14', time: '14:00' } as never });
    bookings.set('b6', moved);
    await scheduleCustomerNotices(
      { booking: moved, ...assign('b6', 'arthur', '123ABC') },
      { store, reminderMinutes: 60, now: before },
    );
    await drain(store, reads, () => new Date(DUE));
    expect(stub.messages).toHaveLength(0);
    await expect(store.get(pickupReminderJobKey('b4', PICKUP))).resolves.toMatchObject({
      status: 'done',
    });
    const later = '2031-03-14T04:00:00.000Z';
    await drain(store, reads, () => new Date(Date.parse(later) - 60 * 60_000));
    expect(stub.messages.map((message) => message.body)).toEqual([
      expect.stringContaining('reminder for booking BC-B6 on Friday 14 March 2031 at 2:00 PM.'),
    ]);
  });

  it('sends a reminder at once when assigned inside the reminder time, none once the pickup passed', async () => {
    const store = getHarness().open();
    const { bookings, assign, reads } = world();
    bookings.set('b7', sampleBooking('b7'));
    bookings.set('b8', sampleBooking('b8'));
    const late = new Date(Date.parse(PICKUP) - 20 * 60_000);
    await scheduleCustomerNotices(
      { booking: bookings.get('b7')!, ...assign('b7', 'arthur', '123ABC') },
      { store, reminderMinutes: 60, now: late },
    );
    await expect(store.get(pickupReminderJobKey('b7', PICKUP))).resolves.toMatchObject({
      runAt: late.toISOString(),
    });
    await scheduleCustomerNotices(
      { booking: bookings.get('b8')!, ...assign('b8', 'arthur', '123ABC') },
      { store, reminderMinutes: 60, now: new Date(Date.parse(PICKUP) + 60_000) },
    );
    await expect(store.get(pickupReminderJobKey('b8', PICKUP))).resolves.toBeNull();
    await drain(store, reads, () => late);
    expect(stub.messages.filter((message) => message.body.includes('BC-B7'))).toHaveLength(2);
  });

  it('never retries a number Twilio refuses, and lists it for the booking page', async () => {
    const store = getHarness().open();
    const { bookings, assign, reads, jobs } = world();
    const booking = sampleBooking('b9');
    bookings.set('b9', booking);
    await scheduleCustomerNotices(
      { booking, ...assign('b9', 'arthur', '123ABC') },
      { store, reminderMinutes: 60, now: new Date(DUE - 86_400_000) },
    );
    stub.failNext(400, 21614, "The 'To' number +61412345678 is not a valid mobile number.");
    await drain(store, reads, () => new Date(DUE - 86_400_000));
    expect(stub.messages).toHaveLength(0);
    await expect(undeliveredTexts(booking, jobs.get('b9')!, store)).resolves.toEqual([
      {
        to: '+61 412 345 678',
        error: expect.stringContaining('code 21614'),
        at: expect.any(String),
      },
    ]);
    const requests = stub.requests.length;
    await drain(store, reads, () => new Date(DUE - 80_000_000));
    expect(stub.requests).toHaveLength(requests);
    // The email went all the same.
    expect(emails().filter((text) => text.includes('Arthur will be your chauffeur'))).toHaveLength(
      1,
    );
  });
}

describe('passenger notices on SQLite', () => {
  const harness = sqliteHarness('sqlite-customer-notices', (filename) =>
    createSqliteJobStore({ filename }),
  );
  scenarios(() => harness);
});

describeOnFirestore('passenger notices on the Firestore emulator', (firestore) => {
  const harness = firestore.harness(createFirestoreJobStore);
  scenarios(() => harness);
});
