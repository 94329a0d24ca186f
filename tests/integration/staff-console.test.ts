// The staff console through the real request handler, on the embedded store, with real sessions:
// - the shell: staff get the console's own header and navigation on /staff pages and a link to it
//   in the site's header; customers and visitors get neither (and the site's plain 404 at /staff);
// - a refund or a cancellation acts only with staff's yes to its amount (`confirm`): without it,
//   or with a yes to another amount, or a malformed one, nothing is refunded or cancelled and the
//   page asks, naming the amount;
// - the audit log reads as sentences, each with its details folded in <details>.
import { describe, expect, it } from 'vitest';
import type * as AccountsModule from '~/accounts/get-accounts.server';
import type * as StoreModule from '~/store/store.server';
import { bookingApiSuite } from '../support/booking-api';
import { textOf } from '../support/manage-booking';
import { TEST_ORIGIN } from '../support/remix-app';

const { app, booked, pay, store } = bookingApiSuite();
const STAFF = 'olga.dispatch@businesschauffeur.example';
const CUSTOMER = 'hemi.walker@example.com';
const PASSWORD = 'Harbour#2031';

let address = 0;
function post(path: string, form: Record<string, string>, cookie?: string) {
  return app.request(path, {
    method: 'POST',
    headers: {
      Host: new URL(TEST_ORIGIN).host,
      Origin: TEST_ORIGIN,
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
    clientAddress: `198.51.100.${(address = (address % 250) + 1)}`,
    redirect: 'manual',
  });
}

const get = (path: string, cookie?: string) =>
  app.request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });

async function signUp(email: string): Promise<string> {
  const response = await post('/signup', {
    firstName: 'Olga',
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

const cookies = { staff: '', customer: '' };
async function signedIn() {
  if (cookies.staff) return cookies;
  cookies.staff = await signUp(STAFF);
  cookies.customer = await signUp(CUSTOMER);
  const { getAccounts } = await app.load<typeof AccountsModule>(
    '/app/accounts/get-accounts.server.ts',
  );
  await expect(getAccounts().setStaff(STAFF, true)).resolves.not.toBeNull();
  return cookies;
}

async function paidBooking() {
  const booking = await booked();
  await pay(booking);
  return { id: booking.bookingId, reference: booking.bookingReferenceId };
}

const auditLog = async () =>
  (await app.load<typeof StoreModule>('/app/store/store.server.ts')).getAuditLogStore();

/** The navigation of the console in a page's HTML, or null. */
const consoleNav = (html: string) =>
  /<nav aria-label="Operations"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? null;

describe('the staff console shell', () => {
  it('gives staff the console’s own header and navigation, and nobody else', async () => {
    const { staff, customer } = await signedIn();

    const consolePage = await (await get('/staff', staff)).text();
    const nav = consoleNav(consolePage);
    expect(nav).not.toBeNull();
    expect([...nav!.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((link) => link[1])).toEqual([
      'Bookings',
      'New phone booking',
      'Day',
      'Chauffeurs',
      'Cars',
      'Cancellations',
      'Feedback',
      'Applications',
      'Partners',
      'Reports',
      'Vitals',
    ]);
    expect(nav).toMatch(
      /<a [^>]*aria-current="page"[^>]*href="\/staff"|<a [^>]*href="\/staff"[^>]*aria-current="page"/,
    );
    expect(consolePage).toContain(`Signed in as ${STAFF}`);
    // No marketing: no Book Now, no site footer, no app badges.
    expect(consolePage).not.toMatch(/<a [^>]*href="\/booking"[^>]*>Book Now<\/a>/);
    expect(consolePage).not.toContain('class="site-footer"');
    expect(consolePage).not.toContain('class="store-badge"');

    // The site's own pages keep their shell; only staff see the link to the console.
    const home = async (cookie?: string) => (await get('/', cookie)).text();
    const forStaff = await home(staff);
    expect(forStaff).toMatch(/<a [^>]*href="\/staff"[^>]*>Operations<\/a>/);
    expect(forStaff).toMatch(/<a [^>]*href="\/booking"[^>]*>Book Now<\/a>/);
    expect(forStaff).toContain('class="site-footer"');
    expect(consoleNav(forStaff)).toBeNull();
    for (const html of [await home(customer), await home()]) {
      expect(html).not.toMatch(/href="\/staff"/);
      expect(html).not.toMatch(/>Operations<\/a>/);
    }

    // A customer's /staff is the site's plain 404, in the site's shell.
    const refused = await get('/staff', customer);
    expect(refused.status).toBe(404);
    const page = await refused.text();
    expect(consoleNav(page)).toBeNull();
    expect(page).not.toMatch(/>Operations<\/a>/);
    expect(page).toContain('class="site-footer"');
  });
});

describe('refunds and cancellations ask first', () => {
  it('refunds nothing until staff said yes to the amount, then refunds it once', async () => {
    const { staff } = await signedIn();
    const booking = await paidBooking();
    const path = `/staff/bookings/${booking.reference}`;
    const form = {
      intent: 'refund',
      key: 'ask-first-refund',
      amount: '50',
      reason: 'Waiting time not used',
    };

    const asked = await post(path, form, staff);
    expect(asked.status).toBe(200);
    const question = textOf(await asked.text());
    expect(question).toContain(
      'Refund $50.00 AUD to the card the customer paid with? The customer is emailed, and a refund cannot be taken back.',
    );
    expect(question).toContain('Yes, refund $50.00 AUD');
    // A yes to another amount asks again, for the amount sent; a malformed one is refused.
    const other = await post(path, { ...form, confirm: '500' }, staff);
    expect(other.status).toBe(200);
    expect(textOf(await other.text())).toContain('Refund $50.00 AUD to the card');
    for (const confirm of ['abc', '-5000', '50.00', '9'.repeat(400)]) {
      const refused = await post(path, { ...form, confirm }, staff);
      expect([200, 400]).toContain(refused.status);
      expect(textOf(await refused.text())).not.toContain('Refunded $50.00 AUD');
    }
    expect((await (await store()).getBooking(booking.id))!.refunds ?? []).toEqual([]);
    expect(await (await auditLog()).listFor(booking.id)).toEqual([]);

    // Yes to $50.00: refunded, once, however often the form is sent.
    for (let i = 0; i < 2; i++) {
      const done = await post(path, { ...form, confirm: '5000' }, staff);
      expect(done.status).toBe(200);
    }
    const after = (await (await store()).getBooking(booking.id))!;
    expect(after.refunds?.map((refund) => refund.amountCents)).toEqual([5000]);

    // The audit log says it in a sentence, its details folded.
    const page = await (await get(path, staff)).text();
    const log = /<h2 id="audit-title">Audit log<\/h2>([\s\S]*?)<\/section>/.exec(page)?.[1] ?? '';
    expect(textOf(log)).toContain(`${STAFF} refunded $50.00 AUD: Waiting time not used`);
    expect(log).toMatch(/<details><summary>Details<\/summary>/);
    expect(log).not.toContain('{&quot;');
  });

  it('cancels nothing until staff said yes to the refund with it', async () => {
    const { staff } = await signedIn();
    const booking = await paidBooking();
    const path = `/staff/bookings/${booking.reference}`;
    const form = {
      intent: 'cancel',
      key: 'ask-first-cancel',
      amount: '0',
      reason: 'Credit agreed',
    };

    const asked = await post(path, form, staff);
    expect(asked.status).toBe(200);
    expect(textOf(await asked.text())).toContain(
      `Cancel booking ${booking.reference} with no refund? The customer is emailed, and a cancellation cannot be taken back.`,
    );
    // A yes to a refund of $10.00 is not a yes to cancelling with none.
    expect((await post(path, { ...form, confirm: '1000' }, staff)).status).toBe(200);
    expect((await (await store()).getBooking(booking.id))!.status).toBe('CONFIRMED');

    const done = await post(path, { ...form, confirm: '0' }, staff);
    expect(done.status).toBe(200);
    expect((await (await store()).getBooking(booking.id))!.status).toBe('CANCELLED');
    const page = textOf(await (await get(path, staff)).text());
    expect(page).toContain(`${STAFF} cancelled the booking with no refund: Credit agreed`);
  });
});
