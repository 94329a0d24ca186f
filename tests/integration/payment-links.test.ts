// Phone bookings and payment links through the real Remix request handler, on the embedded store
// and the sandbox payments, with real sessions (staff signed up through the site and granted the
// role as `npm run staff` does):
// - staff enter a booking by phone with the wizard's rules and the fare engine's price; it is saved
//   unpaid and the customer is emailed a link (and texted through the jobs queue);
// - the link pays the booking once and confirms it with the confirmation email; two payments at once
//   are one charge; it expires after 48 hours, and at the pickup when that is sooner; a newer link
//   replaces it; an address that is wrong in any way gets the one "not found" answer;
// - after a change made the fare higher, the same kind of link collects the balance as a payment of
//   its own beside the original charge, which stays as it was, and settles it.
import { readFileSync } from 'node:fs';
import {
  bookingResponseSchema,
  brisbaneInstant,
  fareBalanceCents,
  todayInBrisbane,
  type Booking,
} from '@business-chauffeur/booking-contract';
import { messages } from '@business-chauffeur/booking-contract/site';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as LinksModule from '~/booking/payment-links.server';
import type * as PaymentsModule from '~/payments/payments.server';
import type * as RefundsModule from '~/staff/refunds.server';
import { listOutbox, outboxPath } from '~/mail/outbox-mailer.server';
import type * as StoreModule from '~/store/store.server';
import { textOf } from '../support/manage-booking';
import { decodeParts } from '../support/mime';
import { passenger } from '../support/quotes';
import { firestoreSuiteName, useFirestoreApp } from '../support/firestore-app';
import { firestoreEmulatorAvailable } from '../support/firestore-emulator';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { staffSession } from '../support/staff-session';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';
import { ordinaryDayAhead } from '../support/ordinary-days';

vi.setConfig({ testTimeout: 90_000 });

const STAFF = 'phones@businesschauffeur.example';
const SEDAN = 'vehicleType.executive-sedan';
const CARD = { number: '4242424242424242', expiry: '12/34', cvc: '123' };
/** The pay page's form: the card, and the box ticked to agree to the policies. */
const PAY_FORM = { ...CARD, termsAccepted: 'true' };
const m = messages.paymentLink;

/** The suite, on the app `getApp` serves (its store SQLite or Firestore) and its data folder. */
function paymentLinkSuite(getApp: () => RemixApp, dataDir: () => string) {
  let staff = '';
  const session = staffSession(getApp);
  // The app of the suite, as the helpers below name it.
  const app = {
    load: <T>(path: string) => getApp().load<T>(path),
    request: (...args: Parameters<RemixApp['request']>) => getApp().request(...args),
  };

  beforeAll(async () => {
    staff = await session.signUpStaff(STAFF);
  }, 60_000);

  const store = async () =>
    (await app.load<typeof StoreModule>('/app/store/store.server.ts')).getBookingStore();
  const links = () => app.load<typeof LinksModule>('/app/booking/payment-links.server.ts');
  const booking = async (id: string): Promise<Booking> => (await (await store()).getBooking(id))!;
  const byReference = async (reference: string): Promise<Booking> =>
    (await (await store()).findBookingByReference(reference))!;

  /** The emails whose subject has this text, oldest first, decoded. */
  async function emails(subjectPart: string): Promise<string[]> {
    const dir = outboxPath(dataDir());
    const entries = (await listOutbox(dir))
      .filter((entry) => entry.subject.includes(subjectPart))
      .sort((a, b) => a.name.localeCompare(b.name));
    return entries.map((entry) => decodeParts(readFileSync(`${dir}/${entry.name}`, 'utf8')));
  }

  /** The payment link addresses in the emails about a booking, oldest first. */
  async function linkTokens(reference: string): Promise<string[]> {
    const found: string[] = [];
    for (const email of await emails(`booking ${reference}`)) {
      const match = /\/pay\/([A-Za-z0-9]+\.[A-Za-z0-9_-]{43})/.exec(email);
      if (match && !found.includes(match[1]!)) found.push(match[1]!);
    }
    return found;
  }

  const payPage = (token: string) => app.request(`/pay/${token}`, { redirect: 'manual' });
  const pay = (token: string, card: Record<string, string> = PAY_FORM) =>
    session.post(`/pay/${token}`, card);

  const trip = (overrides: Record<string, string> = {}) => ({
    pickup: 'Brisbane Airport Domestic',
    pickupDetails: '',
    flightNumber: 'QF 512',
    drop: 'Noosa Heads',
    dropDetails: '12 Hastings Street',
    date: ordinaryDayAhead(4),
    time: '10:00',
    passengers: '2',
    notes: '',
    firstName: passenger.firstName,
    lastName: passenger.lastName,
    email: passenger.email,
    countryCode: passenger.countryCode,
    mobileNumber: passenger.mobileNumber,
    ...overrides,
  });

  async function formKey(): Promise<string> {
    const page = await session.get('/staff/bookings/new', staff);
    expect(page.status).toBe(200);
    return /name="key" value="([^"]+)"/.exec(await page.text())![1]!;
  }

  /** Prices the trip on the staff form: the page, its quote token and the sedan's price. */
  async function price(fields: Record<string, string>) {
    const response = await session.post(
      '/staff/bookings/new',
      { intent: 'price', ...fields },
      { Cookie: staff },
    );
    const html = await response.text();
    const token = /name="quoteToken" value="([^"]+)"/.exec(html)?.[1];
    const sedan = new RegExp(`value="${SEDAN}"[^>]*>[^<]*: \\$([\\d,]+\\.\\d\\d)`).exec(html)?.[1];
    return {
      response,
      html,
      token,
      sedanCents: sedan ? Math.round(Number(sedan.replace(/,/g, '')) * 100) : null,
    };
  }

  /** A booking taken by phone in the sedan: its reference, id and the link's address. */
  async function phoneBooking(overrides: Record<string, string> = {}) {
    const fields = { key: await formKey(), ...trip(overrides) };
    const priced = await price(fields);
    expect(priced.response.status, textOf(priced.html).slice(0, 1500)).toBe(200);
    expect(priced.token).toBeDefined();
    const booked = await session.post(
      '/staff/bookings/new',
      { intent: 'book', ...fields, quoteToken: priced.token!, vehicleId: SEDAN },
      { Cookie: staff },
    );
    expect(booked.status, textOf(await booked.clone().text()).slice(0, 1500)).toBe(302);
    const reference = /\/staff\/bookings\/([A-Z0-9]+)$/.exec(
      booked.headers.get('Location') ?? '',
    )![1]!;
    const saved = await byReference(reference);
    const [token] = await linkTokens(reference);
    return { reference, id: saved.id, token: token!, priceCents: priced.sedanCents!, fields };
  }

  describe('a booking taken by phone', () => {
    it("is saved unpaid at the fare engine's price and its emailed link confirms it, once", async () => {
      const phoned = await phoneBooking();
      const saved = await booking(phoned.id);
      expect(saved.status).toBe('DRAFT');
      expect(saved.fareCents).toBe(phoned.priceCents);
      expect(saved.payment.intentId).not.toBeNull();
      expect(saved.paymentLinks).toHaveLength(1);
      // Only the hash of the link's secret is kept.
      expect(JSON.stringify(saved)).not.toContain(phoned.token.split('.')[1]);

      const [linkEmail = ''] = await emails(`booking ${phoned.reference}`);
      expect(linkEmail).toContain(`Pay $${(phoned.priceCents / 100).toFixed(2)}`);
      expect(linkEmail).toContain('The link works once, until');

      // The staff page shows the link waiting for payment.
      const staffPage = textOf(
        await (await session.get(`/staff/bookings/${phoned.reference}`, staff)).text(),
      );
      expect(staffPage).toContain('Payment link');
      expect(staffPage).toContain('Waiting for payment');

      const page = await payPage(phoned.token);
      expect(page.status).toBe(200);
      const shown = textOf(await page.text());
      expect(shown).toContain(`Booking ${phoned.reference}`);
      expect(shown).toContain(`$${(phoned.priceCents / 100).toFixed(2)}`);
      expect(page.headers.get('Cache-Control')).toContain('no-store');

      // Not without the customer's agreement to the policies, as in the widget.
      const unticked = await pay(phoned.token, CARD);
      expect(unticked.status).toBe(422);
      expect(textOf(await unticked.text())).toContain(messages.bookingApi.termsRequired);
      expect((await booking(phoned.id)).status).toBe('DRAFT');

      const paid = await pay(phoned.token);
      expect(paid.status).toBe(302);
      const confirmed = await booking(phoned.id);
      expect(confirmed.termsAcceptance?.at).toEqual(expect.any(String));
      expect(confirmed.status).toBe('CONFIRMED');
      expect(confirmed.fareCents).toBe(phoned.priceCents);
      expect(confirmed.paymentLinks?.[0]?.paidAt).not.toBeNull();
      // The confirmation email the widget's payment sends, once.
      expect(confirmed.confirmationEmail.sentAt).not.toBeNull();
      expect(await emails(`${phoned.reference}`)).toHaveLength(2);

      // Single use: the link now says it is paid, and a second payment charges nothing.
      const again = await payPage(phoned.token);
      expect(textOf(await again.text())).toContain(m.paid(phoned.reference));
      expect((await pay(phoned.token)).status).toBe(302);
      const after = await booking(phoned.id);
      expect(after.paymentAttempts.filter((a) => a.outcome === 'succeeded')).toHaveLength(1);
    });

    it("follows the wizard's rules and messages", async () => {
      const fields = {
        key: await formKey(),
        ...trip({ time: '', email: 'not-an-email', passengers: '0' }),
      };
      const priced = await price(fields);
      expect(priced.response.status).toBe(400);
      const text = textOf(priced.html);
      expect(text).toContain(messages.booking.timeRequired);
      expect(text).toContain(messages.booking.passengersRequired);
      const good = await price({ ...fields, ...trip({ email: 'not-an-email' }) });
      expect(good.response.status).toBe(200);
      const booked = await session.post(
        '/staff/bookings/new',
        {
          intent: 'book',
          ...fields,
          ...trip({ email: 'not-an-email' }),
          quoteToken: good.token!,
          vehicleId: SEDAN,
        },
        { Cookie: staff },
      );
      expect(booked.status).toBe(400);
      expect(textOf(await booked.text())).toContain(messages.booking.emailInvalid);
    });

    it('is refused to anyone but staff', async () => {
      const visitor = await session.signUp('curious.visitor@example.com');
      expect((await session.get('/staff/bookings/new', visitor)).status).toBe(404);
      const posted = await session.post(
        '/staff/bookings/new',
        { intent: 'price', key: 'abcdefgh-1234', ...trip() },
        { Cookie: visitor },
      );
      expect(posted.status).toBe(404);
    });

    it('sends the link by text message through the jobs queue', async () => {
      const phoned = await phoneBooking();
      const { getJobStore } = await app.load<typeof StoreModule>('/app/store/store.server.ts');
      const job = await getJobStore().get(
        `sms:booking-${phoned.id}:payment-link:${(await booking(phoned.id)).paymentLinks![0]!.id}`,
      );
      expect(job?.payload).toMatchObject({ to: '+61412345678' });
      expect(String(job?.payload.text)).toContain(`/pay/${phoned.token}`);
    });
  });

  describe('a link', () => {
    it('makes one charge when paid twice at once', async () => {
      const phoned = await phoneBooking();
      const answers = await Promise.all([pay(phoned.token), pay(phoned.token), pay(phoned.token)]);
      expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302]);
      const after = await booking(phoned.id);
      expect(after.status).toBe('CONFIRMED');
      expect(after.paymentAttempts.filter((a) => a.outcome === 'succeeded')).toHaveLength(1);
      expect(after.confirmationEmail.sentAt).not.toBeNull();
      // The link's email and one confirmation.
      expect(await emails(phoned.reference)).toHaveLength(2);
    });

    it('expires 48 hours after it was sent', async () => {
      const phoned = await phoneBooking();
      const { issuePaymentLink } = await links();
      // A link sent 49 hours ago (the pickup is four days ahead, so 48 hours is the sooner).
      const old = await issuePaymentLink(phoned.id, STAFF, new Date(Date.now() - 49 * 3_600_000));
      expect(old.ok).toBe(true);
      if (!old.ok) return;
      expect(Date.parse(old.link.expiresAt)).toBe(Date.parse(old.link.createdAt) + 48 * 3_600_000);
      const page = await payPage(old.token);
      expect(page.status).toBe(410);
      expect(textOf(await page.text())).toContain(m.expiredTitle);
      const paid = await pay(old.token);
      expect(paid.status).toBe(302);
      expect((await booking(phoned.id)).status).toBe('DRAFT');
      // The link sent before it was replaced by it.
      const replaced = await payPage(phoned.token);
      expect(replaced.status).toBe(410);
      expect(textOf(await replaced.text())).toContain(m.replacedTitle);
    });

    it('expires at the pickup when that is sooner than 48 hours', async () => {
      const soon = new Date(Date.now() + 5 * 3_600_000);
      const date = todayInBrisbane(soon);
      const time = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Australia/Brisbane',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(soon);
      const phoned = await phoneBooking({ date, time });
      const saved = await booking(phoned.id);
      const pickup = brisbaneInstant(date, time)!;
      expect(saved.paymentLinks![0]!.expiresAt).toBe(pickup.toISOString());
      const { paymentLinkState } = await links();
      const link = saved.paymentLinks![0]!;
      expect(paymentLinkState(saved, link, new Date(pickup.getTime() - 60_000))).toBe('open');
      expect(paymentLinkState(saved, link, pickup)).toBe('expired');
    });

    it('answers every address it does not know the same way', async () => {
      const phoned = await phoneBooking();
      const [id, secret] = phoned.token.split('.') as [string, string];
      const flipped = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
      const wrong = [
        'nothing',
        `${id}.${flipped}`,
        `AAAAAAAAAAAAAAAAAAAA.${secret}`,
        `${id}.${secret}x`,
        `${id}`,
        `${'x'.repeat(5000)}`,
      ];
      const bodies = new Set<string>();
      for (const token of wrong) {
        const page = await payPage(encodeURIComponent(token));
        expect(page.status, token).toBe(404);
        bodies.add(textOf(await page.text()).replace(/\s+/g, ' '));
        const posted = await pay(encodeURIComponent(token));
        expect(posted.status).toBe(302);
      }
      expect(bodies.size).toBe(1);
      expect([...bodies][0]).toContain(m.notFoundTitle);
      expect((await booking(phoned.id)).status).toBe('DRAFT');
    });

    it('refuses a post from another site (no Origin, a foreign Referer)', async () => {
      const phoned = await phoneBooking();
      const posted = await session.post(`/pay/${phoned.token}`, PAY_FORM, {
        Origin: undefined,
        Referer: 'https://attacker.example/pay',
      });
      expect(posted.status).toBe(403);
      expect((await booking(phoned.id)).status).toBe('DRAFT');
    });
  });

  describe('the balance after a change', () => {
    /** A booking paid through the widget's API, four days ahead at 10:00. */
    async function paidBooking() {
      const place = async (q: string) => {
        const response = await app.request(`/api/places?q=${encodeURIComponent(q)}&sessionToken=t`);
        return (
          (await response.json()) as { suggestions: { placeId: string; description: string }[] }
        ).suggestions[0]!;
      };
      const quote = await app.request('/api/quotes', {
        method: 'POST',
        json: {
          pickup: await place('Brisbane Airport Domestic'),
          flightNumber: 'QF 512',
          drop: { ...(await place('Noosa')), details: '12 Hastings Street' },
          stops: [],
          date: ordinaryDayAhead(4),
          time: '10:00',
          passengers: 1,
          byTheHour: false,
          hours: 0,
          notes: '',
        },
      });
      const { quoteToken } = (await quote.json()) as { quoteToken: string };
      const response = await app.request('/api/bookings', {
        method: 'POST',
        json: { quoteToken, vehicleId: SEDAN, passenger, onBehalf: false, bookingPerson: null },
      });
      const booked = bookingResponseSchema.parse(await response.json());
      await app.request(`/api/bookings/${booked.bookingId}/sandbox-confirm`, {
        method: 'POST',
        json: { clientSecret: booked.payment.clientSecret, card: CARD, termsAccepted: true },
      });
      return { id: booked.bookingId, reference: booked.bookingReferenceId };
    }

    /** Moves the pickup to 23:30 (after hours: the fare goes up), as staff do on the booking's page. */
    async function changeToLateNight(paid: { id: string; reference: string }) {
      const current = await booking(paid.id);
      const fields = {
        date: current.trip.date,
        time: '23:30',
        passengers: String(current.trip.passengers),
        notes: current.trip.notes,
        reason: 'Flight moved to 11:30 PM',
      };
      const preview = await session.post(
        `/staff/bookings/${paid.reference}`,
        { intent: 'change-preview', ...fields },
        { Cookie: staff },
      );
      const confirm = /name="confirm" value="(\d+)"/.exec(await preview.text())![1]!;
      const applied = await session.post(
        `/staff/bookings/${paid.reference}`,
        { intent: 'change', confirm, ...fields },
        { Cookie: staff },
      );
      expect(applied.status).toBe(200);
      return textOf(await applied.text());
    }

    it('is collected by a link as a payment beside the original charge, which settles it', async () => {
      const paid = await paidBooking();
      const charged = await booking(paid.id);
      const page = await changeToLateNight(paid);
      const changed = await booking(paid.id);
      const owed = fareBalanceCents(changed);
      expect(owed).toBeGreaterThan(0);
      expect(page).toContain('payment link');
      expect(page).not.toContain('collect it by phone');
      expect(changed.paymentLinks).toEqual([
        expect.objectContaining({ purpose: 'balance', amountCents: owed, paidAt: null }),
      ]);

      const [token] = await linkTokens(paid.reference);
      expect(token).toBeDefined();
      const shown = textOf(await (await payPage(token!)).text());
      expect(shown).toContain(m.balanceTitle);
      expect(shown).toContain(`$${(owed / 100).toFixed(2)}`);

      // Three payments of the link at once: one charge.
      const answers = await Promise.all([pay(token!), pay(token!), pay(token!)]);
      expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302]);
      const settled = await booking(paid.id);
      expect(fareBalanceCents(settled)).toBe(0);
      // What was charged first is as it was; the balance is a payment of its own beside it.
      expect(settled.fareCents).toBe(charged.fareCents);
      expect(settled.fareLines).toEqual(charged.fareLines);
      expect(settled.payment).toEqual(charged.payment);
      const succeeded = settled.paymentAttempts.filter((a) => a.outcome === 'succeeded');
      expect(succeeded.map((a) => a.amountCents)).toEqual([charged.fareCents, owed]);
      expect(succeeded[1]!.paymentIntentId).not.toBe(charged.payment.intentId);
      expect(textOf(await (await payPage(token!)).text())).toContain(m.balancePaid(paid.reference));
      // The customer gets one receipt for it.
      const receipts = await emails(`received for your`);
      expect(receipts.filter((email) => email.includes(paid.reference))).toHaveLength(1);
      expect(receipts.at(-1)).toContain('Nothing more is owed on this booking.');

      const staffPage = textOf(
        await (await session.get(`/staff/bookings/${paid.reference}`, staff)).text(),
      );
      expect(staffPage).not.toContain('· owed');
      expect(staffPage).toContain('Paid');

      // A webhook or settle pass replaying the success changes nothing more.
      const { settleLinkFromProvider } = await links();
      const link = settled.paymentLinks![0]!;
      await settleLinkFromProvider(settled, { ...link, paidAt: null });
      expect((await booking(paid.id)).paymentAttempts).toEqual(settled.paymentAttempts);
    });

    /** A booking paid, changed dearer and its balance paid by link: two charges. */
    async function paidTwice() {
      const paid = await paidBooking();
      await changeToLateNight(paid);
      const [token] = await linkTokens(paid.reference);
      expect((await pay(token!)).status).toBe(302);
      const settled = await booking(paid.id);
      const [first, balance] = settled.paymentAttempts.filter((a) => a.outcome === 'succeeded');
      expect(balance).toBeDefined();
      return { ...paid, first: first!, balance: balance! };
    }

    it('is refunded across both charges, the balance first, never more than each charged', async () => {
      const paid = await paidTwice();
      const { refundBooking } = await app.load<typeof RefundsModule>(
        '/app/staff/refunds.server.ts',
      );
      const total = paid.first.amountCents + paid.balance.amountCents;
      // Three refunds race, each a little over half of both charges: one fits.
      const share = Math.floor(total / 2) + 1;
      const outcomes = await Promise.all(
        [0, 1, 2].map((index) =>
          refundBooking({
            bookingId: paid.id,
            amountCents: share,
            reason: 'Trip cancelled by the customer',
            key: `split-race-${paid.id}-${index}`,
            by: STAFF,
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      // The rest of both charges in one more refund, then nothing is left.
      const rest = await refundBooking({
        bookingId: paid.id,
        amountCents: total - share,
        reason: 'Trip cancelled by the customer',
        key: `split-rest-${paid.id}`,
        by: STAFF,
      });
      expect(rest).toMatchObject({ ok: true });
      const more = await refundBooking({
        bookingId: paid.id,
        amountCents: 100,
        reason: 'One more',
        key: `split-more-${paid.id}`,
        by: STAFF,
      });
      expect(more).toMatchObject({ ok: false, reason: 'exceeds' });

      const refunded = await booking(paid.id);
      expect(refunded.refundCents).toBe(total);
      const [firstRefund, secondRefund] = refunded.refunds!;
      // The newest charge (the balance) first, then the booking's own payment.
      expect(firstRefund!.charges).toEqual([
        {
          paymentIntentId: paid.balance.paymentIntentId,
          amountCents: paid.balance.amountCents,
          providerRefundId: expect.stringMatching(/^re_/),
        },
        {
          paymentIntentId: paid.first.paymentIntentId,
          amountCents: share - paid.balance.amountCents,
          providerRefundId: expect.stringMatching(/^re_/),
        },
      ]);
      expect(secondRefund!.charges).toEqual([
        {
          paymentIntentId: paid.first.paymentIntentId,
          amountCents: total - share,
          providerRefundId: expect.stringMatching(/^re_/),
        },
      ]);
      expect(refunded.refunds!.map((refund) => refund.status)).toEqual(['succeeded', 'succeeded']);

      // Staff see which payment each refund went back to.
      const staffPage = textOf(
        await (await session.get(`/staff/bookings/${paid.reference}`, staff)).text(),
      );
      expect(staffPage).toContain(
        `$${(paid.balance.amountCents / 100).toFixed(2)} AUD from the balance payment of`,
      );
      expect(staffPage).toContain(
        `$${((total - share) / 100).toFixed(2)} AUD from the booking payment of`,
      );
    });

    it('refunds the same form once across both charges when it is sent twice at once', async () => {
      const paid = await paidTwice();
      const { refundBooking } = await app.load<typeof RefundsModule>(
        '/app/staff/refunds.server.ts',
      );
      const request = {
        bookingId: paid.id,
        amountCents: paid.balance.amountCents + 500,
        reason: 'Late pickup',
        key: `split-twice-${paid.id}`,
        by: STAFF,
      };
      const answers = await Promise.all([refundBooking(request), refundBooking(request)]);
      expect(answers.map((answer) => answer.ok)).toEqual([true, true]);
      expect(await refundBooking(request)).toMatchObject({ ok: true });
      const refunded = await booking(paid.id);
      expect(refunded.refundCents).toBe(paid.balance.amountCents + 500);
      expect(refunded.refunds).toHaveLength(1);
      expect(refunded.refunds![0]!.charges!.map((part) => part.amountCents)).toEqual([
        paid.balance.amountCents,
        500,
      ]);
      // Everything else is still refundable: the provider refunded each part once.
      const restOfFirst = paid.first.amountCents - 500;
      expect(
        await refundBooking({ ...request, amountCents: restOfFirst, key: `${request.key}-rest` }),
      ).toMatchObject({ ok: true });
    });

    it('keeps the part the provider made when it refuses the rest of a refund', async () => {
      const paid = await paidTwice();
      const { refundBooking } = await app.load<typeof RefundsModule>(
        '/app/staff/refunds.server.ts',
      );
      const { getPaymentGateway } = await app.load<typeof PaymentsModule>(
        '/app/payments/payments.server.ts',
      );
      // $5 of the first payment refunded at the provider, which the booking has not heard of.
      await getPaymentGateway().refund(
        {
          paymentIntentId: paid.first.paymentIntentId,
          amountCents: 500,
          bookingId: paid.id,
          bookingReferenceId: paid.reference,
          reason: 'Refunded in the dashboard',
        },
        { idempotencyKey: `dashboard-${paid.id}` },
      );
      const total = paid.first.amountCents + paid.balance.amountCents;
      const outcome = await refundBooking({
        bookingId: paid.id,
        amountCents: total,
        reason: 'Trip cancelled by the customer',
        key: `split-refused-${paid.id}`,
        by: STAFF,
      });
      expect(outcome).toMatchObject({ ok: false, reason: 'refused' });
      expect(outcome.ok ? '' : outcome.message).toContain(
        `$${(paid.balance.amountCents / 100).toFixed(2)} AUD was refunded; the payment provider refused the rest`,
      );
      const after = await booking(paid.id);
      expect(after.refundCents).toBe(paid.balance.amountCents);
      expect(after.refunds).toEqual([
        expect.objectContaining({
          amountCents: paid.balance.amountCents,
          status: 'succeeded',
          charges: [
            expect.objectContaining({
              paymentIntentId: paid.balance.paymentIntentId,
              amountCents: paid.balance.amountCents,
            }),
          ],
        }),
      ]);
      // Staff are told in the audit log as for any refund made.
      const { getAuditLogStore } = await app.load<typeof StoreModule>('/app/store/store.server.ts');
      const audit = await getAuditLogStore().listFor(paid.id);
      expect(audit.filter((entry) => entry.action === 'refund')).toHaveLength(1);
    });

    it('stops working when staff send a new one, whose payment is cancelled at the provider', async () => {
      const paid = await paidBooking();
      await changeToLateNight(paid);
      const [first] = await linkTokens(paid.reference);
      // The customer opens the first link (its payment is made), then staff send a new one.
      expect((await payPage(first!)).status).toBe(200);
      const sent = await session.post(
        `/staff/bookings/${paid.reference}`,
        { intent: 'payment-link' },
        { Cookie: staff },
      );
      expect(sent.status).toBe(200);
      expect(textOf(await sent.text())).toContain('Links sent before no longer work.');
      const tokens = await linkTokens(paid.reference);
      expect(tokens).toHaveLength(2);
      expect((await payPage(first!)).status).toBe(410);
      await pay(first!);
      expect(fareBalanceCents(await booking(paid.id))).toBeGreaterThan(0);
      expect((await pay(tokens[1]!)).status).toBe(302);
      expect(fareBalanceCents(await booking(paid.id))).toBe(0);
    });
  });

  it('never shows a payment page to a robot as a page to index', async () => {
    const phoned = await phoneBooking();
    const html = await (await payPage(phoned.token)).text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });
}

describe('phone bookings and payment links on the embedded store', () => {
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
  paymentLinkSuite(
    () => app,
    () => env.dataDir,
  );
});

describe.skipIf(!firestoreEmulatorAvailable)(
  firestoreSuiteName('phone bookings and payment links on Firestore'),
  () => {
    const firestore = useFirestoreApp({
      projectId: 'demo-business-chauffeur-paylinks',
      stores: ['getBookingStore', 'getAuditLogStore', 'getJobStore'],
    });
    paymentLinkSuite(firestore.app, () => firestore.env().dataDir);
  },
);
