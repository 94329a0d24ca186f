// The money report (/staff/reports) and its CSV download (/staff/reports.csv) through the real
// Remix request handler, on the embedded adapters: visitors get the plain 404, a staff member
// (signed up through the site, then given the role on the configured Accounts adapter) gets the
// page and the file, with today's paid booking, an unpaid one left out, and a refund taken off.
import {
  bookingResponseSchema,
  formatMoney,
  type BookingResponse,
} from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as AccountsModule from '~/accounts/get-accounts.server';
import type * as RefundsModule from '~/staff/refunds.server';
import type * as ReportsModule from '~/staff/reports.server';
import type * as StoreModule from '~/store/store.server';
import { longDate } from '~/utils/booking-format';
import { bookingBody } from '../support/quotes';
import { startRemixApp, TEST_ORIGIN, type RemixApp } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const STAFF = 'reports@businesschauffeur.example';
const PASSWORD = 'Harbour#2031';

const env = useTestEnvironment();
let app: RemixApp;
let staffCookie: string;
let booking: BookingResponse;
/** The Queensland date of the booking's payment, and what was paid, in cents. */
let paidOn: string;
let paidCents: number;

const amount = (cents: number) => (cents / 100).toFixed(2);

async function paidBooking(): Promise<BookingResponse> {
  const response = await app.request('/api/bookings', { method: 'POST', json: bookingBody() });
  expect(response.status, await response.clone().text()).toBe(201);
  const created = bookingResponseSchema.parse(await response.json());
  const paid = await app.request(`/api/bookings/${created.bookingId}/sandbox-confirm`, {
    method: 'POST',
    json: {
      clientSecret: created.payment.clientSecret,
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
      termsAccepted: true,
    },
  });
  await expect(paid.json()).resolves.toMatchObject({ status: 'CONFIRMED' });
  return created;
}

/** Signs up through the site's form and returns the session cookie ("name=value"). */
async function signUp(email: string): Promise<string> {
  const response = await app.request('/signup', {
    method: 'POST',
    headers: {
      Host: new URL(TEST_ORIGIN).host,
      Origin: TEST_ORIGIN,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      firstName: 'Ngaio',
      lastName: 'Marsh',
      email,
      confirmEmail: email,
      password: PASSWORD,
    }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  const cookie = /__session=[^;]*/.exec(response.headers.get('Set-Cookie') ?? '')?.[0];
  if (!cookie) throw new Error('no session cookie after sign-up');
  return cookie;
}

const asStaff = (path: string) => app.request(path, { headers: { Cookie: staffCookie } });
const query = () => `from=${paidOn}&to=${paidOn}&group=day`;

beforeAll(async () => {
  app = await startRemixApp();
  staffCookie = await signUp(STAFF);
  const accounts = await app.load<typeof AccountsModule>('/app/accounts/get-accounts.server.ts');
  await expect(accounts.getAccounts().setStaff(STAFF, true)).resolves.toMatchObject({
    email: STAFF,
  });

  booking = await paidBooking();
  // A booking never paid: not in the report.
  const unpaid = await app.request('/api/bookings', { method: 'POST', json: bookingBody() });
  expect(unpaid.status).toBe(201);

  const store = await app.load<typeof StoreModule>('/app/store/store.server.ts');
  const reports = await app.load<typeof ReportsModule>('/app/staff/reports.server.ts');
  const refunds = await app.load<typeof RefundsModule>('/app/staff/refunds.server.ts');
  const stored = (await store.getBookingStore().getBooking(booking.bookingId))!;
  paidOn = reports.paymentDate(stored)!;
  paidCents = refunds.paidCents(stored);
  expect(paidCents).toBeGreaterThan(5000);
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

describe('/staff/reports for a visitor', () => {
  it.each(['/staff/reports', '/staff/reports?group=month', '/staff/reports.csv'])(
    '%s is the plain 404, never stored',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      expect(response.headers.get('Content-Disposition')).toBeNull();
      expect(await response.text()).not.toContain('Revenue');
    },
  );

  it('is the plain 404 for a signed-in customer without the staff role', async () => {
    const cookie = await signUp('customer-reports@example.com');
    for (const path of ['/staff/reports', '/staff/reports.csv']) {
      const response = await app.request(path, { headers: { Cookie: cookie } });
      expect(response.status).toBe(404);
      await response.arrayBuffer();
    }
  });
});

describe('/staff/reports for staff', () => {
  it('shows the paid booking by day, with the totals and the CSV link', async () => {
    const response = await asStaff(`/staff/reports?${query()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain(`<caption>Paid bookings by day, ${longDate(paidOn)}</caption>`);
    expect(html).toContain(`href="/staff/reports.csv?${query().replace(/&/g, '&amp;')}"`);
    expect(html).toContain('Download CSV');
    expect(html).toMatch(/<th scope="row">Total<\/th>/);
    expect(html).toContain('1 paid booking, ');
  });

  it('downloads the CSV: BOM, header, one row for today’s paid booking and the Total', async () => {
    const response = await asStaff(`/staff/reports.csv?${query()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="bookings-report-${paidOn}-to-${paidOn}-by-day.csv"`,
    );
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Period,Bookings,Paid (AUD),Refunded (AUD),Revenue (AUD)',
      `${paidOn},1,${amount(paidCents)},0.00,${amount(paidCents)}`,
      `Total,1,${amount(paidCents)},0.00,${amount(paidCents)}`,
      '',
    ]);
  });

  it('defaults to the current Queensland month, and groups by partner', async () => {
    const response = await asStaff('/staff/reports.csv?group=partner');
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="bookings-report-(\d{4}-\d{2})-01-to-\1-\d{2}-by-partner\.csv"$/,
    );
    // text() drops the byte order mark, as browsers do.
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe('Partner,Bookings,Paid (AUD),Refunded (AUD),Revenue (AUD)');
    expect(lines).toContain(`Our website,1,${amount(paidCents)},0.00,${amount(paidCents)}`);
  });

  it('takes a refund off the revenue', async () => {
    const refunds = await app.load<typeof RefundsModule>('/app/staff/refunds.server.ts');
    await expect(
      refunds.refundBooking({
        bookingId: booking.bookingId,
        amountCents: 5000,
        reason: 'Driver was 20 minutes late',
        key: 'reports-refund',
        by: STAFF,
      }),
    ).resolves.toMatchObject({ ok: true });

    const response = await asStaff(`/staff/reports.csv?${query()}`);
    const lines = (await response.text()).split('\r\n');
    const revenue = amount(paidCents - 5000);
    expect(lines.slice(1)).toEqual([
      `${paidOn},1,${amount(paidCents)},50.00,${revenue}`,
      `Total,1,${amount(paidCents)},50.00,${revenue}`,
      '',
    ]);

    const page = await (await asStaff(`/staff/reports?${query()}`)).text();
    expect(page).toContain(`1 paid booking, ${formatMoney(paidCents - 5000)} revenue.`);
  });
});
