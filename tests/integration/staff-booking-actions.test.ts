// Cancelling, completing and re-sending through the real app modules on the embedded store: the
// policy's refund (or another, with a reason), one status change however often it is asked, the
// customer's emails (a cancellation's with a calendar CANCEL), the customer's cancellation request
// marked handled, and an audit entry for each action.
import { describe, expect, it } from 'vitest';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
import type * as ActionsModule from '~/staff/booking-actions.server';
import type * as ChangeModule from '~/staff/booking-change.server';
import type * as InboxesModule from '~/staff/inboxes.server';
import type * as StoreModule from '~/store/store.server';
import { bookingApiSuite } from '../support/booking-api';
import { decodeParts } from '../support/mime';
import { bookingBody, passenger, SEDAN } from '../support/quotes';
import { TEST_ORIGIN } from '../support/remix-app';
import { ordinaryDayAhead } from '../support/ordinary-days';

const { app, booked, pay, store, emailsFor, emailText } = bookingApiSuite();
const STAFF = 'dispatch@businesschauffeur.example';

const auditLog = async () =>
  (await app.load<typeof StoreModule>('/app/store/store.server.ts')).getAuditLogStore();
const changes = () => app.load<typeof ChangeModule>('/app/staff/booking-change.server.ts');
const actions = () => app.load<typeof ActionsModule>('/app/staff/booking-actions.server.ts');

async function paidBooking() {
  const booking = await booked();
  await pay(booking);
  return booking;
}

describe('cancelling a booking', () => {
  it('applies the policy refund, once, and tells the customer in one email', async () => {
    const { cancelBooking } = await actions();
    const booking = await paidBooking();
    const paid = (await (await store()).getBooking(booking.bookingId))!;
    const request = {
      bookingId: booking.bookingId,
      refundCents: paid.fareCents,
      reason: '',
      key: 'cancel-form-1',
      by: STAFF,
    };
    // The sedan's notice is 1 hour and the pickup is days away: a full refund, no reason needed.
    const outcome = await cancelBooking(request);
    expect(outcome).toEqual({
      ok: true,
      message: `Booking ${booking.bookingReferenceId} is cancelled and ${formatMoneyWithCode(paid.fareCents)} refunded. The customer has been emailed.`,
    });
    const after = (await (await store()).getBooking(booking.bookingId))!;
    expect(after.status).toBe('CANCELLED');
    expect(after.refundCents).toBe(paid.fareCents);
    // Asked again: nothing more.
    await expect(cancelBooking(request)).resolves.toEqual({
      ok: false,
      message: 'Only a confirmed booking can be cancelled.',
    });
    const audit = await (await auditLog()).listFor(booking.bookingId);
    expect(audit.map((entry) => entry.action)).toEqual(['refund', 'cancel']);
    const emails = await emailsFor(booking.bookingReferenceId);
    expect(emails.map((email) => email.subject)).toEqual(
      expect.arrayContaining([
        `Your Business Chauffeur booking ${booking.bookingReferenceId} is cancelled`,
      ]),
    );
    expect(emails.filter((email) => email.subject.startsWith('Refund of'))).toHaveLength(0);
  });

  it('asks for a reason to refund another amount than the policy suggests', async () => {
    const { cancelBooking } = await actions();
    const booking = await paidBooking();
    const base = { bookingId: booking.bookingId, refundCents: 0, key: 'cancel-form-2', by: STAFF };
    const refused = await cancelBooking({ ...base, reason: '' });
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(
      /^Give a reason for refunding \$0\.00 AUD instead of the \$[\d,.]+ AUD the cancellation policy suggests\.$/,
    );
    expect((await (await store()).getBooking(booking.bookingId))!.status).toBe('CONFIRMED');
    await expect(
      cancelBooking({ ...base, reason: 'Customer agreed to a credit instead' }),
    ).resolves.toMatchObject({ ok: true });
    const after = (await (await store()).getBooking(booking.bookingId))!;
    expect(after).toMatchObject({ status: 'CANCELLED', refundCents: null });
  });
});

describe('cancelling a booking the customer asked to cancel', () => {
  it('marks the open request handled and removes the pickup from the calendar (same UID, CANCEL)', async () => {
    const { cancelBooking } = await actions();
    const booking = await paidBooking();
    const asked = await app.request('/manage-booking', {
      method: 'POST',
      headers: {
        Host: new URL(TEST_ORIGIN).host,
        Origin: TEST_ORIGIN,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        intent: 'cancel',
        email: passenger.email,
        bookingNumber: booking.bookingReferenceId,
      }).toString(),
    });
    expect(asked.status).toBe(200);
    const requested = (await (await store()).getBooking(booking.bookingId))!;
    expect(requested.cancellationRequests).toHaveLength(1);

    await expect(
      cancelBooking({
        bookingId: booking.bookingId,
        refundCents: requested.fareCents,
        reason: '',
        key: 'cancel-form-3',
        by: STAFF,
      }),
    ).resolves.toMatchObject({ ok: true });
    const audit = await (await auditLog()).listFor(booking.bookingId);
    expect(audit.map((entry) => [entry.action, entry.by, entry.after])).toContainEqual([
      'cancellation-request',
      STAFF,
      { handled: true },
    ]);
    const { cancellationInbox } = await app.load<typeof InboxesModule>(
      '/app/staff/inboxes.server.ts',
    );
    const open = await cancellationInbox('open');
    expect(open.items.map((item) => item.booking.id)).not.toContain(booking.bookingId);
    const handled = await cancellationInbox('handled');
    expect(
      handled.items.find((item) => item.booking.id === booking.bookingId)?.handled,
    ).toMatchObject({ by: STAFF, note: 'Booking cancelled' });
    expect((await (await store()).getBooking(booking.bookingId))!.calendarSequence).toBe(1);

    const [cancelled] = (await emailsFor(booking.bookingReferenceId)).filter((email) =>
      email.subject.endsWith('is cancelled'),
    );
    const raw = emailText(cancelled?.name);
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
    const calendar = decodeParts(raw).replace(/\r\n /g, '');
    expect(calendar).toContain('METHOD:CANCEL');
    expect(calendar).toContain(`UID:${booking.bookingReferenceId}@localhost`);
    expect(calendar).toContain('SEQUENCE:1');
    expect(calendar).toContain('STATUS:CANCELLED');
    expect(calendar).toContain(`ATTENDEE;CN="Ngaio Walker":mailto:${passenger.email}`);
    expect(decodeParts(raw)).toContain('The attached calendar file removes the pickup');
  });
});

describe('after the pickup', () => {
  it('marks completed or no-show only once the pickup time has passed, and only once', async () => {
    const { markOutcome } = await actions();
    const booking = await paidBooking();
    await expect(markOutcome(booking.bookingId, 'COMPLETED', STAFF)).resolves.toMatchObject({
      ok: false,
    });
    const later = new Date(Date.now() + 30 * 24 * 3_600_000);
    await expect(markOutcome(booking.bookingId, 'NO_SHOW', STAFF, later)).resolves.toEqual({
      ok: true,
      message: `Booking ${booking.bookingReferenceId} is marked a no-show.`,
    });
    await expect(markOutcome(booking.bookingId, 'COMPLETED', STAFF, later)).resolves.toMatchObject({
      ok: false,
    });
    expect((await (await store()).getBooking(booking.bookingId))!.status).toBe('NO_SHOW');
    const audit = await (await auditLog()).listFor(booking.bookingId);
    expect(audit.map((entry) => [entry.action, entry.after])).toEqual([
      ['no-show', { status: 'NO_SHOW' }],
    ]);
  });
});

describe('resending the confirmation', () => {
  it('sends each recipient their copy again and records it', async () => {
    const { resendConfirmation } = await actions();
    const booking = await paidBooking();
    const before = (await emailsFor(booking.bookingReferenceId)).length;
    const outcome = await resendConfirmation(booking.bookingId, STAFF);
    expect(outcome.ok).toBe(true);
    expect(await emailsFor(booking.bookingReferenceId)).toHaveLength(before + 1);
    const audit = await (await auditLog()).listFor(booking.bookingId);
    expect(audit.map((entry) => entry.action)).toEqual(['resend-confirmation']);
  });
});

/** A paid booking quoted from real places (the change prices its route again). */
async function quotedBooking() {
  const place = async (q: string) => {
    const response = await app.request(`/api/places?q=${encodeURIComponent(q)}&sessionToken=t`);
    const { suggestions } = (await response.json()) as {
      suggestions: { placeId: string; description: string }[];
    };
    return suggestions[0]!;
  };
  const response = await app.request('/api/quotes', {
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
  expect(response.status, await response.clone().text()).toBe(200);
  const { quoteToken } = (await response.json()) as { quoteToken: string };
  const booking = await booked(bookingBody({ quoteToken, vehicleId: SEDAN.id }));
  await pay(booking);
  return booking;
}

describe('changing a booking', () => {
  it('prices the changed trip, applies it at that price only, and sends a calendar update', async () => {
    const { previewChange, applyChange } = await changes();
    const booking = await quotedBooking();
    const current = (await (await store()).getBooking(booking.bookingId))!;
    const change = {
      date: current.trip.date,
      time: '23:30',
      passengers: 2,
      notes: 'Two golf bags',
      reason: 'Flight moved; a second passenger joins',
      arrangedByPhone: false,
    };
    const preview = await previewChange(current, change);
    if (!preview.ok) throw new Error(preview.message);
    // 23:30 is inside the after-hours window: a surcharge line, so more to collect.
    expect(preview.lines.map((line) => line.kind)).toContain('afterHours');
    expect(preview.differenceCents).toBeGreaterThan(0);

    await expect(
      applyChange(booking.bookingId, change, preview.totalCents - 1, STAFF),
    ).resolves.toMatchObject({ ok: false, preview: { totalCents: preview.totalCents } });
    const applied = await applyChange(booking.bookingId, change, preview.totalCents, STAFF);
    expect(applied).toMatchObject({ ok: true });
    expect(applied.message).toContain('payment link for');

    const after = (await (await store()).getBooking(booking.bookingId))!;
    expect(after.trip).toMatchObject({ time: '23:30', passengers: 2, notes: 'Two golf bags' });
    // What was charged stays; the new fare is the change's adjustment.
    expect(after.fareCents).toBe(current.fareCents);
    expect(after.adjustments?.map((adjustment) => adjustment.totalCents)).toEqual([
      preview.totalCents,
    ]);
    expect(after.calendarSequence).toBe(1);
    const audit = await (await auditLog()).listFor(booking.bookingId);
    expect(audit.map((entry) => [entry.action, entry.before.time, entry.after.time])).toEqual([
      ['change', current.trip.time, '23:30'],
      // What the change made higher is collected by a payment link, sent with it.
      ['payment-link', undefined, undefined],
    ]);
    const changed = (await emailsFor(booking.bookingReferenceId)).filter((email) =>
      email.subject.endsWith('has changed'),
    );
    expect(changed).toHaveLength(1);
    const raw = decodeParts(emailText(changed[0]?.name));
    expect(raw).toContain(`UID:${booking.bookingReferenceId}@`);
    expect(raw).toContain('SEQUENCE:1');
  });

  it('refuses more passengers than the vehicle seats, and a booking that is not confirmed', async () => {
    const { previewChange } = await changes();
    const booking = await quotedBooking();
    const current = (await (await store()).getBooking(booking.bookingId))!;
    const change = {
      date: current.trip.date,
      time: current.trip.time,
      passengers: 12,
      notes: '',
      reason: 'Group grew',
      arrangedByPhone: false,
    };
    await expect(previewChange(current, change)).resolves.toMatchObject({ ok: false });
    await expect(
      previewChange({ ...current, status: 'CANCELLED' }, { ...change, passengers: 1 }),
    ).resolves.toEqual({ ok: false, message: 'Only a confirmed booking can be changed.' });
  });
});
