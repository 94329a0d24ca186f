// Staff changes through the real Remix request handler, on the embedded store, with real sessions
// (signed up through the site; the staff role granted as `npm run staff` does), and on Firestore
// through its emulator:
// - a change at another price never rewrites what was charged: the booking keeps the charged lines
//   and total, records an adjustment, and the change email is its adjustment note; staff pages,
//   /manage-booking, the customer's account page, the change email and "Resend confirmation" show
//   the fare paid, the fare now and what is owed or due back, and every list of lines adds up to
//   the total beside it; a refund pays back what is due back once, even when two race;
// - a change follows the booking rules (child seats, horizon, notice, the vehicle's seats), with
//   the one override staff may make, recorded in the audit log.
import { readFileSync } from 'node:fs';
import {
  bookingResponseSchema,
  timeInBrisbane,
  todayInBrisbane,
  type Booking,
} from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as AccountsModule from '~/accounts/get-accounts.server';
import { listOutbox, outboxPath } from '~/mail/outbox-mailer.server';
import type * as ChangeModule from '~/staff/booking-change.server';
import type * as RefundsModule from '~/staff/refunds.server';
import type * as StoreModule from '~/store/store.server';
import {
  centsOfText,
  fareSectionsOf,
  fareTablesOf,
  faresNotAddingUp,
} from '../support/fare-totals';
import { firestoreSuiteName, useFirestoreApp } from '../support/firestore-app';
import { firestoreEmulatorAvailable } from '../support/firestore-emulator';
import { textOf } from '../support/manage-booking';
import { decodeParts } from '../support/mime';
import { passenger } from '../support/quotes';
import { startRemixApp, TEST_ORIGIN, type RemixApp } from '../support/remix-app';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';
import { ordinaryDayAhead } from '../support/ordinary-days';

vi.setConfig({ testTimeout: 90_000 });

const STAFF = 'dispatch@businesschauffeur.example';
const CUSTOMER = 'ngaio.walker@example.com';
const PASSWORD = 'Harbour#2031';
const SEDAN = 'vehicleType.executive-sedan';
const SUV = 'vehicleType.premium-suv';
/** The seed's ABN for the tax invoice and the adjustment notes. */
const ABN = '60 604 273 918';

interface Paid {
  bookingId: string;
  reference: string;
}

/** The site as a browser without JavaScript uses it, and the app's modules and outbox. */
function siteOf(getApp: () => RemixApp, dataDir: () => string) {
  let address = 0;
  const post = (
    path: string,
    form: Record<string, string>,
    cookie?: string,
    origin: string = TEST_ORIGIN,
  ) =>
    getApp().request(path, {
      method: 'POST',
      headers: {
        Host: new URL(TEST_ORIGIN).host,
        Origin: origin,
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(form).toString(),
      clientAddress: `198.51.100.${(address = (address % 250) + 1)}`,
      redirect: 'manual',
    });
  const get = (path: string, cookie?: string) =>
    getApp().request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });
  const store = async () =>
    (await getApp().load<typeof StoreModule>('/app/store/store.server.ts')).getBookingStore();
  const audit = async () =>
    (await getApp().load<typeof StoreModule>('/app/store/store.server.ts')).getAuditLogStore();
  const booking = async (id: string): Promise<Booking> => (await (await store()).getBooking(id))!;

  async function signUp(email: string): Promise<string> {
    const response = await post('/signup', {
      firstName: 'Ngaio',
      lastName: 'Walker',
      email,
      confirmEmail: email,
      password: PASSWORD,
    });
    expect(response.status).toBe(302);
    const match = /__session=[^;]*/.exec(response.headers.get('Set-Cookie') ?? '');
    if (!match) throw new Error('no session cookie');
    return match[0];
  }

  async function place(q: string) {
    const response = await get(`/api/places?q=${encodeURIComponent(q)}&sessionToken=t`);
    const { suggestions } = (await response.json()) as {
      suggestions: { placeId: string; description: string }[];
    };
    return suggestions[0]!;
  }

  /** A paid booking four days ahead, from Brisbane Airport to Noosa, quoted from real places. */
  async function paidBooking(
    options: {
      time?: string;
      passengers?: number;
      vehicleId?: string;
      childSeat?: number;
      cookie?: string;
    } = {},
  ): Promise<Paid> {
    const quote = await getApp().request('/api/quotes', {
      method: 'POST',
      json: {
        pickup: await place('Brisbane Airport Domestic'),
        flightNumber: 'QF 512',
        drop: { ...(await place('Noosa')), details: '12 Hastings Street' },
        stops: [],
        date: ordinaryDayAhead(4),
        time: options.time ?? '10:00',
        passengers: options.passengers ?? 1,
        byTheHour: false,
        hours: 0,
        notes: '',
        childSeats: { babyCapsule: 0, childSeat: options.childSeat ?? 0, booster: 0 },
      },
    });
    expect(quote.status, await quote.clone().text()).toBe(200);
    const { quoteToken } = (await quote.json()) as { quoteToken: string };
    const response = await getApp().request('/api/bookings', {
      method: 'POST',
      json: {
        quoteToken,
        vehicleId: options.vehicleId ?? SEDAN,
        passenger,
        onBehalf: false,
        bookingPerson: null,
      },
      headers: options.cookie ? { Cookie: options.cookie } : {},
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const booked = bookingResponseSchema.parse(await response.json());
    const paid = await getApp().request(`/api/bookings/${booked.bookingId}/sandbox-confirm`, {
      method: 'POST',
      json: {
        clientSecret: booked.payment.clientSecret,
        card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
        termsAccepted: true,
      },
    });
    await expect(paid.json()).resolves.toMatchObject({ status: 'CONFIRMED' });
    return { bookingId: booked.bookingId, reference: booked.bookingReferenceId };
  }

  /** The raw emails about a booking whose subject ends so, oldest first. */
  async function rawEmails(reference: string, subjectEnd: string): Promise<string[]> {
    const dir = outboxPath(dataDir());
    const entries = (await listOutbox(dir))
      .filter((entry) => entry.subject.includes(reference) && entry.subject.endsWith(subjectEnd))
      .sort((a, b) => a.name.localeCompare(b.name));
    return entries.map((entry) => readFileSync(`${dir}/${entry.name}`, 'utf8'));
  }

  /** The same emails, each part decoded (the text part first). */
  const emails = async (reference: string, subjectEnd: string) =>
    (await rawEmails(reference, subjectEnd)).map(decodeParts);

  return { post, get, store, audit, booking, signUp, paidBooking, emails, rawEmails };
}

type Site = ReturnType<typeof siteOf>;

/** The change form as staff send it: previewed first, then applied at the price shown. */
function changeForms(site: Site, staffCookie: () => string) {
  const fields = (current: Booking, change: Record<string, string>) => ({
    date: current.trip.date,
    time: current.trip.time,
    passengers: String(current.trip.passengers),
    notes: current.trip.notes,
    reason: 'Customer asked by phone',
    ...change,
  });
  async function preview(paid: Paid, change: Record<string, string>) {
    const current = await site.booking(paid.bookingId);
    return site.post(
      `/staff/bookings/${paid.reference}`,
      { intent: 'change-preview', ...fields(current, change) },
      staffCookie(),
    );
  }
  /** Previews, reads the total shown, applies at it: the page staff see after applying. */
  async function apply(paid: Paid, change: Record<string, string>) {
    const shown = await preview(paid, change);
    const html = await shown.text();
    expect(shown.status, textOf(html).slice(0, 2000)).toBe(200);
    const confirm = /name="confirm" value="(\d+)"/.exec(html)?.[1];
    expect(confirm).toBeDefined();
    const current = await site.booking(paid.bookingId);
    const applied = await site.post(
      `/staff/bookings/${paid.reference}`,
      { intent: 'change', confirm: confirm!, ...fields(current, change) },
      staffCookie(),
    );
    const page = await applied.text();
    expect(applied.status, textOf(page).slice(0, 2000)).toBe(200);
    return { previewHtml: html, page, confirm: Number(confirm) };
  }
  return { preview, apply };
}

describe('staff changes on the embedded store', () => {
  let env: TestEnvironment;
  let app: RemixApp;
  let staffCookie = '';
  let customerCookie = '';
  const site = siteOf(
    () => app,
    () => env.dataDir,
  );
  const change = changeForms(site, () => staffCookie);

  beforeAll(async () => {
    env = useTestEnvironment();
    app = await startRemixApp();
    staffCookie = await site.signUp(STAFF);
    customerCookie = await site.signUp(CUSTOMER);
    const { getAccounts } = await app.load<typeof AccountsModule>(
      '/app/accounts/get-accounts.server.ts',
    );
    await expect(getAccounts().setStaff(STAFF, true)).resolves.not.toBeNull();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    env?.restore();
  });

  const lookup = async (reference: string) =>
    (
      await site.post('/manage-booking', {
        intent: 'lookup',
        email: passenger.email,
        bookingNumber: reference,
      })
    ).text();

  describe('a change after payment keeps what was charged', () => {
    it('records a higher fare as an adjustment: the customer owes the difference and gets its adjustment note', async () => {
      const paid = await site.paidBooking({ cookie: customerCookie });
      const charged = await site.booking(paid.bookingId);

      // 23:30 is inside the after-hours window: the fare goes up.
      const { page, confirm } = await change.apply(paid, {
        time: '23:30',
        reason: 'Flight moved to 11:30 PM',
      });
      const difference = confirm - charged.fareCents;
      expect(difference).toBeGreaterThan(0);
      expect(textOf(page)).toContain(
        `Booking ${paid.reference} is changed and the customer emailed.`,
      );
      expect(textOf(page)).toContain('was emailed and texted to the customer');

      // What was charged is as it was; the new fare is an adjustment beside it.
      const after = await site.booking(paid.bookingId);
      expect(after.trip.time).toBe('23:30');
      expect(after.fareCents).toBe(charged.fareCents);
      expect(after.fareLines).toEqual(charged.fareLines);
      expect(after.payment.amountCents).toBe(charged.payment.amountCents);
      expect(after.paymentAttempts).toEqual(charged.paymentAttempts);
      expect(after.adjustments).toEqual([
        {
          sequence: 1,
          at: expect.any(String),
          by: STAFF,
          reason: 'Flight moved to 11:30 PM',
          lines: expect.arrayContaining([expect.objectContaining({ kind: 'afterHours' })]),
          totalCents: confirm,
          differenceCents: difference,
        },
      ]);
      const entries = await (await site.audit()).listFor(paid.bookingId);
      expect(entries.map((entry) => [entry.action, entry.note, entry.after])).toEqual([
        [
          'change',
          'Flight moved to 11:30 PM',
          expect.objectContaining({
            time: '23:30',
            fareCents: confirm,
            balanceCents: difference,
            adjustment: 1,
            differenceCents: difference,
          }),
        ],
        // The difference owed is collected by a payment link, sent with the change.
        [
          'payment-link',
          'Payment link for the balance',
          expect.objectContaining({ amountCents: difference, emailed: true }),
        ],
      ]);

      // The change email is the adjustment note: the invoice it adjusts, the difference and its GST.
      const [email = ''] = await site.emails(paid.reference, 'has changed');
      const gst = Math.round(confirm / 11) - Math.round(charged.fareCents / 11);
      for (const line of [
        'Adjustment note\n',
        'Issued by: Business Chauffeur Pty Ltd',
        `ABN: ${ABN}`,
        `Adjustment note number: ${paid.reference}-A1`,
        `For tax invoice: ${paid.reference} of `,
        'Reason: Flight moved to 11:30 PM',
        `Increase: $${(difference / 100).toFixed(2)} AUD`,
        `GST in the increase: $${(gst / 100).toFixed(2)}\n`,
        `Total paid: $${(charged.fareCents / 100).toFixed(2)} AUD`,
        `Owed by you: $${(difference / 100).toFixed(2)} AUD`,
        'The attached calendar file replaces the one we sent before',
      ]) {
        expect(email).toContain(line);
      }
      expect(email).not.toContain('Tax invoice');
      expect(email).not.toContain(`Total paid: $${(confirm / 100).toFixed(2)}`);
      expect(email).not.toContain('adds the pickup');
      expect(email).toContain('SEQUENCE:1');
    });

    it('records a lower fare as money due back, which a refund pays back once', async () => {
      const paid = await site.paidBooking({ time: '23:30' });
      const charged = await site.booking(paid.bookingId);
      const { confirm } = await change.apply(paid, { time: '10:00', reason: 'Earlier flight' });
      const dueBack = charged.fareCents - confirm;
      expect(dueBack).toBeGreaterThan(0);
      expect((await site.booking(paid.bookingId)).fareCents).toBe(charged.fareCents);

      const [email = ''] = await site.emails(paid.reference, 'has changed');
      expect(email).toContain(`Decrease: $${(dueBack / 100).toFixed(2)} AUD`);
      expect(email).toContain(`Due back to you: $${(dueBack / 100).toFixed(2)} AUD`);
      expect(email).toContain(`Total paid: $${(charged.fareCents / 100).toFixed(2)} AUD`);

      // The staff page offers the amount due back; the customer sees it too.
      const staffPage = await (
        await site.get(`/staff/bookings/${paid.reference}`, staffCookie)
      ).text();
      expect(staffPage).toContain(`value="${(dueBack / 100).toFixed(2)}"`);
      expect(textOf(staffPage)).toContain(`due back $${(dueBack / 100).toFixed(2)} AUD`);
      expect(textOf(await lookup(paid.reference))).toContain(
        `$${(dueBack / 100).toFixed(2)} AUD is due back to you`,
      );

      const refunded = await site.post(
        `/staff/bookings/${paid.reference}`,
        {
          intent: 'refund',
          key: `due-back-${paid.reference}`,
          amount: (dueBack / 100).toFixed(2),
          confirm: String(dueBack),
          reason: 'Fare lowered by the change',
        },
        staffCookie,
      );
      expect(refunded.status).toBe(200);
      const settled = await site.booking(paid.bookingId);
      expect(settled.refunds).toEqual([
        expect.objectContaining({ amountCents: dueBack, dueBackCents: dueBack }),
      ]);
      // Settled: nothing is owed or due back any more, and what was charged still stands.
      const shown = textOf(await lookup(paid.reference));
      expect(shown).not.toContain('due back to you');
      expect(shown).not.toContain('is owed');
      const staffAfter = textOf(
        await (await site.get(`/staff/bookings/${paid.reference}`, staffCookie)).text(),
      );
      expect(staffAfter).not.toMatch(/due back \$|owed \$/);
    });

    it('keeps every list of fare lines adding up to its total, on every page and email', async () => {
      const paid = await site.paidBooking({ cookie: customerCookie });
      const { previewHtml } = await change.apply(paid, { time: '23:30', reason: 'Later flight' });
      const resent = await site.post(
        `/staff/bookings/${paid.reference}`,
        { intent: 'resend' },
        staffCookie,
      );
      expect(resent.status).toBe(200);

      const pages = {
        preview: previewHtml,
        staff: await (await site.get(`/staff/bookings/${paid.reference}`, staffCookie)).text(),
        manageBooking: await lookup(paid.reference),
        account: await (
          await site.get(`/account/bookings/${paid.reference}`, customerCookie)
        ).text(),
      };
      for (const [name, html] of Object.entries(pages)) {
        const tables = fareTablesOf(html);
        expect(tables.length, name).toBeGreaterThanOrEqual(name === 'preview' ? 1 : 2);
        expect(faresNotAddingUp(tables), name).toEqual([]);
      }
      const charged = await site.booking(paid.bookingId);
      for (const name of ['staff', 'manageBooking', 'account'] as const) {
        const [paidTable, nowTable] = fareTablesOf(pages[name]);
        expect([paidTable?.name, paidTable?.total], name).toEqual([
          'Fare details',
          charged.fareCents,
        ]);
        expect(nowTable?.name, name).toBe('Fare after changes');
      }

      const [changed = ''] = await site.emails(paid.reference, 'has changed');
      const [, again = ''] = await site.emails(paid.reference, 'is confirmed');
      for (const [name, text] of Object.entries({ changed, again })) {
        const sections = fareSectionsOf(text);
        expect(
          sections.map((section) => section.name),
          name,
        ).toEqual(['Fare', 'Fare after changes']);
        expect(faresNotAddingUp(sections), name).toEqual([]);
        expect(sections[0]!.total, name).toBe(charged.fareCents);
      }
      // "Resend confirmation": the tax invoice as paid, then the adjustment note.
      expect(again).toMatch(/^Tax invoice$/m);
      expect(again).toContain(`Total paid: $${(charged.fareCents / 100).toFixed(2)} AUD`);
      expect(again).toContain(`Adjustment note ${paid.reference}-A1 of `);
      expect(centsOfText(/Increase: .*/.exec(again)![0])).toBe(
        charged.adjustments![0]!.differenceCents,
      );
    });

    it('never refunds money due back twice when two refunds race', async () => {
      const { refundBooking } = await app.load<typeof RefundsModule>(
        '/app/staff/refunds.server.ts',
      );
      const paid = await site.paidBooking({ time: '23:30' });
      const charged = await site.booking(paid.bookingId);
      const { confirm } = await change.apply(paid, { time: '10:00', reason: 'Earlier flight' });
      const dueBack = charged.fareCents - confirm;
      const outcomes = await Promise.all(
        [1, 2, 3].map((index) =>
          refundBooking({
            bookingId: paid.bookingId,
            amountCents: dueBack,
            reason: 'Fare lowered',
            key: `race-due-back-${index}`,
            by: STAFF,
          }),
        ),
      );
      const after = await site.booking(paid.bookingId);
      const made = outcomes.filter((outcome) => outcome.ok).length;
      expect(after.refunds).toHaveLength(made);
      // However many went through, the due back was paid back once, and nothing is owed since.
      expect(after.refunds!.reduce((sum, refund) => sum + (refund.dueBackCents ?? 0), 0)).toBe(
        dueBack,
      );
      const staffPage = textOf(
        await (await site.get(`/staff/bookings/${paid.reference}`, staffCookie)).text(),
      );
      expect(staffPage).not.toMatch(/owed \$|due back \$/);
    });
  });

  describe('a change follows the booking rules', () => {
    it('refuses fewer passengers than the child seats booked', async () => {
      const paid = await site.paidBooking({ vehicleId: SUV, passengers: 2, childSeat: 2 });
      const response = await change.preview(paid, { passengers: '1' });
      expect(response.status).toBe(409);
      expect(textOf(await response.text())).toContain(
        'This booking has 2 child seats: the passengers cannot be fewer than the child seats.',
      );
    });

    it('refuses a pickup beyond the booking horizon, even arranged by phone', async () => {
      const paid = await site.paidBooking();
      const response = await change.preview(paid, { date: '2099-12-31', arrangedByPhone: 'on' });
      expect(response.status).toBe(409);
      expect(textOf(await response.text())).toContain(
        'Bookings can be made up to 12 months ahead (Booking horizon in Site settings).',
      );
    });

    it('refuses more passengers than the vehicle seats', async () => {
      const paid = await site.paidBooking();
      const response = await change.preview(paid, { passengers: '12' });
      expect(response.status).toBe(409);
      expect((await site.booking(paid.bookingId)).trip.passengers).toBe(1);
    });

    it('takes a pickup inside the online notice only when arranged by phone, and records the override', async () => {
      const paid = await site.paidBooking();
      const soon = new Date(Date.now() + 40 * 60_000);
      const inside = { date: todayInBrisbane(soon), time: timeInBrisbane(soon) };
      const refused = await change.preview(paid, inside);
      expect(refused.status).toBe(400);
      expect(textOf(await refused.text())).toContain('The pickup is less than an hour away');

      await change.apply(paid, {
        ...inside,
        arrangedByPhone: 'on',
        reason: 'Customer called: flight landed early',
      });
      const [entry] = await (await site.audit()).listFor(paid.bookingId);
      expect(entry).toMatchObject({
        action: 'change',
        by: STAFF,
        note: 'Customer called: flight landed early',
        after: { override: 'Pickup less than an hour ahead, arranged by phone', time: inside.time },
      });
    });

    it('never takes a pickup that has passed, nor a change without a reason', async () => {
      const paid = await site.paidBooking();
      const past = new Date(Date.now() - 10 * 60_000);
      const passed = await change.preview(paid, {
        date: todayInBrisbane(past),
        time: timeInBrisbane(past),
        arrangedByPhone: 'on',
      });
      expect(passed.status).toBe(400);
      expect(textOf(await passed.text())).toContain('This pickup time has passed.');
      const unexplained = await change.preview(paid, { time: '11:00', reason: '' });
      expect(unexplained.status).toBe(400);
      expect(textOf(await unexplained.text())).toContain('Enter why the booking is changing');
      // The server checks again what the form checks: a post past the form changes nothing.
      const { previewChange } = await app.load<typeof ChangeModule>(
        '/app/staff/booking-change.server.ts',
      );
      const current = await site.booking(paid.bookingId);
      await expect(
        previewChange(current, {
          date: todayInBrisbane(past),
          time: timeInBrisbane(past),
          passengers: 1,
          notes: '',
          reason: 'Probe',
          arrangedByPhone: true,
        }),
      ).resolves.toEqual({
        ok: false,
        message: 'This pickup time has passed. Choose a time ahead.',
      });
      expect((await site.booking(paid.bookingId)).trip).toEqual(current.trip);
    });

    it('refuses malformed and oversized fields without changing the booking', async () => {
      const paid = await site.paidBooking();
      const before = await site.booking(paid.bookingId);
      const malformed: Record<string, string>[] = [
        { date: '2026-02-30' },
        { time: '25:00' },
        { passengers: 'two' },
        { passengers: '1e9' },
        { notes: 'x'.repeat(5_000) },
        { reason: 'r'.repeat(600) },
      ];
      for (const fields of malformed) {
        const response = await change.preview(paid, fields);
        expect(response.status, JSON.stringify(fields).slice(0, 40)).toBe(400);
      }
      const huge = await site.post(
        `/staff/bookings/${paid.reference}`,
        { intent: 'change', reason: 'x'.repeat(70 * 1024) },
        staffCookie,
      );
      expect(huge.status).toBe(413);
      // A change posted with the staff member's cookie from this host under another scheme (an
      // Origin naming another host is stopped before any action by Remix and the server in front)
      // reaches the action, which refuses it.
      const current = await site.booking(paid.bookingId);
      const foreign = await site.post(
        `/staff/bookings/${paid.reference}`,
        {
          intent: 'change',
          date: current.trip.date,
          time: '23:30',
          passengers: '1',
          notes: '',
          reason: 'Forged',
          confirm: '1',
        },
        staffCookie,
        'https://localhost',
      );
      expect(foreign.status).toBe(403);
      expect(await site.booking(paid.bookingId)).toEqual(before);
    });
  });
});

/** Two staff members applying changes at once: one applies, the other is told to look again. */
function concurrentChanges(
  kind: 'sqlite' | 'firestore',
  getApp: () => RemixApp,
  dataDir: () => string,
) {
  it(`applies one of two changes sent at once, with one adjustment (${kind})`, async () => {
    const site = siteOf(getApp, dataDir);
    expect((await site.store()).kind).toBe(kind);
    const { previewChange, applyChange } = await getApp().load<typeof ChangeModule>(
      '/app/staff/booking-change.server.ts',
    );
    const paid = await site.paidBooking();
    const current = await site.booking(paid.bookingId);
    const request = (time: string) => ({
      date: current.trip.date,
      time,
      passengers: 1,
      notes: '',
      reason: `Moved to ${time}`,
      arrangedByPhone: false,
    });
    const late = await previewChange(current, request('23:30'));
    const later = await previewChange(current, request('23:45'));
    if (!late.ok || !later.ok) throw new Error('not priced');
    const outcomes = await Promise.all([
      applyChange(paid.bookingId, request('23:30'), late.totalCents, STAFF),
      applyChange(paid.bookingId, request('23:45'), later.totalCents, STAFF),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    const after = await site.booking(paid.bookingId);
    expect(after.adjustments).toHaveLength(1);
    expect(after.adjustments![0]!.sequence).toBe(1);
    expect(after.fareCents).toBe(current.fareCents);
    expect(after.fareLines).toEqual(current.fareLines);
    expect(after.calendarSequence).toBe(1);
  });
}

describe.skipIf(!firestoreEmulatorAvailable)(
  firestoreSuiteName('staff changes on Firestore'),
  () => {
    const firestore = useFirestoreApp({ projectId: 'demo-business-chauffeur-changes' });
    concurrentChanges('firestore', firestore.app, () => firestore.env().dataDir);
  },
);

describe('staff changes raced on the embedded store', () => {
  let env: TestEnvironment;
  let app: RemixApp;
  beforeAll(async () => {
    env = useTestEnvironment();
    app = await startRemixApp();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    env?.restore();
  });
  concurrentChanges(
    'sqlite',
    () => app,
    () => env.dataDir,
  );
});
