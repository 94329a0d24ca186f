// The /manage-booking form without JavaScript (found, the specification's messages, the
// cancellation request, rate limits), /completion's three outcomes and the development outbox page.
import { type BookingResponse } from '@business-chauffeur/booking-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as StoreModule from '~/store/store.server';
import { textOf, manageBookingSuite } from '../support/manage-booking';
import { passenger } from '../support/quotes';

const { app, bookings, nextAddress, resetLimits, lookup, submitForm } = manageBookingSuite();
let paid: BookingResponse;
let declined: BookingResponse;
beforeAll(() => {
  ({ paid, declined } = bookings);
});

describe('the /manage-booking form', () => {
  it('prefills the booking number from the confirmation email link', async () => {
    const response = await app.request(`/manage-booking?bookingNumber=${paid.bookingReferenceId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`name="bookingNumber"[^>]*value="${paid.bookingReferenceId}"`));
    expect(html).toContain('<title>Manage Booking | Business Chauffeur</title>');
  });

  it('shows the booking found, without JavaScript', async () => {
    const response = await submitForm({
      intent: 'lookup',
      email: passenger.email,
      bookingNumber: paid.bookingReferenceId,
    });
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain(`Booking ${paid.bookingReferenceId}`);
    expect(text).toContain('Status: Confirmed');
    expect(text).not.toContain('CONFIRMED');
    expect(text).toContain('Executive Sedan');
    expect(text).toContain('South Bank, Brisbane QLD');
    expect(text).toContain('$142.35 AUD');
    expect(text).toContain('Fare details');
    expect(text).toContain('GST included $12.94');
    expect(text).toContain('Request for cancellation');
    expect(text).not.toContain('Refund amount');
  });

  it('gives the same message for a wrong email and a wrong number', async () => {
    const wrongEmail = await submitForm({
      email: 'nobody@example.com',
      bookingNumber: paid.bookingReferenceId,
    });
    const wrongNumber = await submitForm({ email: passenger.email, bookingNumber: 'ABCDEFGH' });
    expect([wrongEmail.status, wrongNumber.status]).toEqual([404, 404]);
    for (const response of [wrongEmail, wrongNumber]) {
      expect(textOf(await response.text())).toContain(
        'Please provide a valid Booking Information.',
      );
    }
  });

  it('shows both messages when both fields are empty', async () => {
    const response = await submitForm({ email: '', bookingNumber: '' });
    expect(response.status).toBe(400);
    const text = textOf(await response.text());
    expect(text).toContain('Please provide a valid Booking Number.');
    expect(text).toContain('Please provide a valid Email Id.');
  });

  it('records a cancellation request and asks to phone, in the specification words', async () => {
    const response = await submitForm({
      intent: 'cancel',
      email: passenger.email,
      bookingNumber: paid.bookingReferenceId,
    });
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain(
      'Please call on this support number 1300 975 707 to cancel this booking.',
    );
    const store = (
      await app.load<typeof StoreModule>('/app/store/store.server.ts')
    ).getBookingStore();
    const booking = await store.getBooking(paid.bookingId);
    expect(booking?.cancellationRequests).toEqual([
      { requestedAt: expect.any(String), channel: 'website' },
    ]);
    // The status does not change: cancelling is done by phone.
    expect(booking?.status).toBe('CONFIRMED');
    const view = await lookup({ email: passenger.email, bookingNumber: paid.bookingReferenceId });
    await expect(view.json()).resolves.toMatchObject({
      booking: { cancellationRequestedAt: booking?.cancellationRequests[0]?.requestedAt },
    });
  });

  it('refuses a cancellation request for someone else’s booking', async () => {
    const response = await submitForm({
      intent: 'cancel',
      email: 'attacker@example.com',
      bookingNumber: declined.bookingReferenceId,
    });
    expect(response.status).toBe(404);
    const store = (
      await app.load<typeof StoreModule>('/app/store/store.server.ts')
    ).getBookingStore();
    expect((await store.getBooking(declined.bookingId))?.cancellationRequests).toEqual([]);
  });

  it('answers the 11th try in a minute with 429 and a clear message', async () => {
    await resetLimits();
    const client = nextAddress();
    for (let index = 0; index < 10; index += 1) {
      await submitForm({ email: passenger.email, bookingNumber: `ABCDEFG${index}` }, client);
    }
    const response = await submitForm(
      { email: passenger.email, bookingNumber: paid.bookingReferenceId },
      client,
    );
    expect(response.status).toBe(429);
    expect(textOf(await response.text())).toContain(
      'Too many booking lookups in a short time. Please wait a minute and try again, or call us on 1300 975 707.',
    );
  });
});

describe('/completion', () => {
  const completion = (booking: BookingResponse, secret = booking.payment.clientSecret) =>
    app.request(
      `/completion?booking=${booking.bookingId}&payment_intent=${booking.payment.paymentIntentId}&payment_intent_client_secret=${encodeURIComponent(secret)}&redirect_status=succeeded`,
    );

  it('says "Thank you!" with the reference once the server has verified the payment', async () => {
    const response = await completion(paid);
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain('Thank you!');
    expect(text).toContain(
      `Congratulations! Your Booking is successful. Booking RefId for your reference: ${paid.bookingReferenceId}`,
    );
    // The paid trip in short, from the server's booking, and who the confirmation goes to (the
    // person booking and the passenger: this booking was made on the passenger's behalf).
    expect(text).toContain('Pickup Brisbane Airport');
    expect(text).toContain('Drop Surfers Paradise QLD');
    expect(text).toMatch(/Date and time \w+day \d{1,2} \w+ \d{4} at 10:00 AM \(Queensland time\)/);
    expect(text).toContain('Vehicle Executive Sedan');
    expect(text).toContain('Total $142.35 AUD');
    expect(text).toContain(
      'Confirmation emails are on their way to priya.raman@example.com and Ngaio.Walker@example.com.',
    );
    expect(text).toContain('Go to Home');
  });

  it('shows the card message of a declined payment', async () => {
    const text = textOf(await (await completion(declined)).text());
    expect(text).toContain('Your card was declined.');
    expect(text).not.toContain('Thank you!');
  });

  it('trusts no redirect parameter: a wrong secret finds nothing', async () => {
    const response = await completion(paid, 'pi_forged_secret_x');
    expect(response.status).toBe(404);
    const text = textOf(await response.text());
    expect(text).toContain('We could not find this payment');
    expect(text).not.toContain(paid.bookingReferenceId);
  });
});

describe('/dev/outbox', () => {
  it('lists the emails sent, and shows one raw', async () => {
    const response = await app.request('/dev/outbox');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      `Your Business Chauffeur booking ${paid.bookingReferenceId} is confirmed`,
    );
    const name = /href="\/dev\/outbox\/([\w-]+\.eml)"/.exec(html)?.[1];
    const raw = await app.request(`/dev/outbox/${name}`);
    expect(raw.headers.get('Content-Type')).toContain('text/plain');
    expect(await raw.text()).toContain(`Subject: Your Business Chauffeur booking`);
    expect((await app.request('/dev/outbox/..%2Fstore.sqlite')).status).toBe(404);
  });
});
