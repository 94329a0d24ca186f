// Cancelling, completing and re-sending through the real app modules on the embedded store: the
// policy's refund (or another, with a reason), one status change however often it is asked, the
// customer's emails, and an audit entry for each action.
import { describe, expect, it } from 'vitest';
import { formatAud } from '@business-chauffeur/booking-contract';
import type * as ActionsModule from '~/staff/booking-actions.server';
import type * as StoreModule from '~/store/store.server';
import { bookingApiSuite } from '../support/booking-api';

const { app, booked, pay, store, emailsFor } = bookingApiSuite();
const STAFF = 'dispatch@businesschauffeur.example';

const auditLog = async () =>
  (await app.load<typeof StoreModule>('/app/store/store.server.ts')).getAuditLogStore();
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
      message: `Booking ${booking.bookingReferenceId} is cancelled and ${formatAud(paid.fareCents / 100)} AUD refunded. The customer has been emailed.`,
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
