// A payment that needs staff, through the real Remix request handler on the embedded adapters: the
// card was charged another amount than the booking's price (here the provider's amount is moved
// behind the site's back), so the booking is not confirmed; the bookings inbox is emailed, the staff
// page shows it under "Needs action" with the refund form for the payment, and staff mark it handled
// with a note, which the audit log keeps. Customers and visitors get the plain 404.
import { describe, expect, it } from 'vitest';
import type * as PaymentsModule from '~/payments/payments.server';
import type * as StoreModule from '~/store/store.server';
import { bookingApiSuite } from '../support/booking-api';
import { textOf } from '../support/manage-booking';
import { bookingBody, passenger } from '../support/quotes';
import { staffSession } from '../support/staff-session';

const { app, booked, pay, emailsFor } = bookingApiSuite();
const { get, post, signUp, signUpStaff } = staffSession(() => app);

const STAFF = 'alerts.dispatch@businesschauffeur.example';

async function mismatchedBooking() {
  const booking = await booked(
    bookingBody({ passenger: { ...passenger, email: 'alert.rider@example.com' } }),
  );
  const gateway = (
    await app.load<typeof PaymentsModule>('/app/payments/payments.server.ts')
  ).getPaymentGateway();
  await gateway.updatePaymentIntentAmount(booking.payment.paymentIntentId, 9_999, {
    idempotencyKey: `moved-${booking.bookingId}`,
  });
  await pay(booking);
  return booking;
}

describe('a payment for another amount than the booking', () => {
  it('is shown to staff as needing action until someone says what was done', async () => {
    const staff = await signUpStaff(STAFF);
    const booking = await mismatchedBooking();
    const reference = booking.bookingReferenceId;
    const bookings = (
      await app.load<typeof StoreModule>('/app/store/store.server.ts')
    ).getBookingStore();
    const saved = await bookings.getBooking(booking.bookingId);
    expect(saved?.status).toBe('DRAFT');
    const alertId = saved?.alerts?.[0]?.id ?? '';
    expect(alertId).not.toBe('');
    expect((await emailsFor(reference)).map((email) => email.subject)).toEqual([
      `A payment needs action: booking ${reference}`,
    ]);

    const page = textOf(await (await get(`/staff/bookings/${reference}`, staff)).text());
    expect(page).toContain('Needs action');
    expect(page).toContain(
      "A payment of $99.99 succeeded, but the booking's price is $142.35, so the booking is not confirmed.",
    );
    // The payment itself can be refunded from the page.
    expect(page).toContain('Up to $99.99 AUD can be refunded');
    // The bookings list opens with it, though an unpaid draft is otherwise left out of the list.
    const list = textOf(await (await get('/staff', staff)).text());
    expect(list).toMatch(/Needs action.*booking has something staff must deal with/s);
    expect(list).toContain(reference);
    expect(list).toContain('so the booking is not confirmed');

    // A customer cannot see or act on it.
    const customer = await signUp('alert.customer@example.com');
    expect((await get(`/staff/bookings/${reference}`, customer)).status).toBe(404);
    const foreign = await post(
      `/staff/bookings/${reference}`,
      { intent: 'alert-handled', alertId, note: 'Nothing' },
      { Cookie: customer },
    );
    expect(foreign.status).toBe(404);

    const empty = await post(
      `/staff/bookings/${reference}`,
      { intent: 'alert-handled', alertId, note: '  ' },
      { Cookie: staff },
    );
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain('Say what was done about it.');

    const note = 'Refunded the $99.99 and rebooked by phone at $142.35.';
    const handled = await post(
      `/staff/bookings/${reference}`,
      { intent: 'alert-handled', alertId, note },
      { Cookie: staff },
    );
    expect(handled.status).toBe(200);
    const after = textOf(await (await get(`/staff/bookings/${reference}`, staff)).text());
    expect(after).not.toContain('Needs action');
    expect(textOf(await (await get('/staff', staff)).text())).not.toContain('Needs action');
    expect(after).toContain('Alerts handled');
    expect(after).toContain(note);
    // The audit log says it as a sentence.
    expect(after).toMatch(/marked the alert .* handled/);
    // Once only.
    const again = await post(
      `/staff/bookings/${reference}`,
      { intent: 'alert-handled', alertId, note },
      { Cookie: staff },
    );
    expect(again.status).toBe(409);
  });
});
