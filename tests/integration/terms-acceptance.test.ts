// The customer's agreement to the Terms and conditions and the Cancellation policy, through the
// real handler: the sandbox refuses a card without it, charging nothing; the agreement is kept
// with the booking (when, and the revision of each policy); a stranger's secret, a false or a
// malformed agreement are refused; a paid booking keeps the agreement it was paid under.
import { messages } from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import { expectError, bookingApiSuite } from '../support/booking-api';
import { textOf } from '../support/manage-booking';
import { staffSession } from '../support/staff-session';

const { app, store, booked, status, saved } = bookingApiSuite();
const { get, signUpStaff } = staffSession(() => app);

const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const REVISION = /^termsAndConditions@sha256-[0-9a-f]{12};cancellationPolicy@sha256-[0-9a-f]{12}$/;

const post = (path: string, json: unknown) => app.request(path, { method: 'POST', json });

describe('paying needs the agreement to the policies', () => {
  it('the sandbox refuses a card without it (a widget of the previous release), charging nothing', async () => {
    const booking = await booked();
    const response = await post(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      clientSecret: booking.payment.clientSecret,
      card: CARD,
    });
    const body = await expectError(response, 422, 'terms_required');
    expect(body.error.message).toBe(messages.bookingApi.termsRequired);
    const after = await status(booking);
    expect(after.status).toBe('DRAFT');
    expect(after.payment.status).toBe('requires_payment_method');
    expect((await (await store()).getBooking(booking.bookingId))?.termsAcceptance).toBeUndefined();
  });

  it('keeps the agreement with the paid booking: when, and the revision of each policy', async () => {
    const booking = await booked();
    const before = Date.now();
    const response = await post(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      clientSecret: booking.payment.clientSecret,
      card: CARD,
      termsAccepted: true,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const stored = await (await store()).getBooking(booking.bookingId);
    expect(stored?.status).toBe('CONFIRMED');
    const acceptance = stored?.termsAcceptance;
    expect(acceptance?.revision).toMatch(REVISION);
    expect(Date.parse(acceptance?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // In the stored document too, for the client's own tools.
    expect((await saved(booking)).termsAcceptance).toEqual(acceptance);
    // And on the staff page of the booking, with the revision agreed to.
    const staff = await signUpStaff('terms.desk@businesschauffeur.example');
    const page = textOf(
      await (await get(`/staff/bookings/${booking.bookingReferenceId}`, staff)).text(),
    );
    expect(page).toMatch(
      new RegExp(
        `Terms and Cancellation policy\\s*Agreed .+ \\(revision ${acceptance?.revision}\\)`,
      ),
    );
    const unpaid = await booked();
    const other = textOf(
      await (await get(`/staff/bookings/${unpaid.bookingReferenceId}`, staff)).text(),
    );
    expect(other).toMatch(/Terms and Cancellation policy\s*No agreement recorded/);
  });

  it('POST …/terms keeps the agreement before a Stripe card is taken, and answers the status', async () => {
    const booking = await booked();
    const response = await post(`/api/bookings/${booking.bookingId}/terms`, {
      clientSecret: booking.payment.clientSecret,
      accepted: true,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const body = (await response.json()) as { status: string; bookingId: string };
    expect(body).toMatchObject({ bookingId: booking.bookingId, status: 'DRAFT' });
    const kept = (await (await store()).getBooking(booking.bookingId))?.termsAcceptance;
    expect(kept?.revision).toMatch(REVISION);
    // Then a card without the flag is taken: the agreement is already kept.
    const paid = await post(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      clientSecret: booking.payment.clientSecret,
      card: CARD,
    });
    expect(paid.status).toBe(200);
    expect((await status(booking)).status).toBe('CONFIRMED');
    // A paid booking keeps the agreement it was paid under.
    await post(`/api/bookings/${booking.bookingId}/terms`, {
      clientSecret: booking.payment.clientSecret,
      accepted: true,
    });
    expect((await (await store()).getBooking(booking.bookingId))?.termsAcceptance).toEqual(kept);
  });

  it('refuses a stranger, a false agreement and malformed bodies, keeping nothing', async () => {
    const booking = await booked();
    const path = `/api/bookings/${booking.bookingId}/terms`;
    await expectError(
      await post(path, { clientSecret: 'not-the-secret', accepted: true }),
      404,
      'not_found',
    );
    await expectError(
      await post('/api/bookings/no-such-booking/terms', {
        clientSecret: booking.payment.clientSecret,
        accepted: true,
      }),
      404,
      'not_found',
    );
    for (const body of [
      { clientSecret: booking.payment.clientSecret, accepted: false },
      { clientSecret: booking.payment.clientSecret, accepted: 'true' },
      { clientSecret: booking.payment.clientSecret },
      { clientSecret: 'x'.repeat(301), accepted: true },
      [],
    ]) {
      await expectError(await post(path, body), 400, 'invalid_request');
    }
    await expectError(
      await post(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
        clientSecret: booking.payment.clientSecret,
        card: CARD,
        termsAccepted: false,
      }),
      400,
      'invalid_request',
    );
    expect((await (await store()).getBooking(booking.bookingId))?.termsAcceptance).toBeUndefined();
  });
});
