// Partners as records staff manage, through the real Remix request handler on the embedded store:
// staff add a partner with two origins and both may call the booking API at once (no restart),
// its bookings are recorded under its label whatever the page claims; switched off, its pages get
// the refusal and its past bookings keep their partner; every change is one audit entry. Origins
// that are not exact https:// ones (http:// only for localhost) are refused, an origin is one
// partner's only, PARTNER_ORIGINS still works and is shown apart, and visitors, customers and
// other sites change nothing.
import { bookingResponseSchema } from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as StoreModule from '~/store/store.server';
import { textOf } from '../support/manage-booking';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { staffSession } from '../support/staff-session';
import { bookingBody } from '../support/quotes';
import { TEST_PARTNER_ORIGIN, useTestEnvironment } from '../support/test-environment';

const env = useTestEnvironment();
let app: RemixApp;
const { post, get, signUp, signUpStaff } = staffSession(() => app);

const STAFF = 'partners@businesschauffeur.example';
let staffCookie: string;
let customerCookie: string;

const store = () => app.load<typeof StoreModule>('/app/store/store.server.ts');

beforeAll(async () => {
  app = await startRemixApp();
  staffCookie = await signUpStaff(STAFF);
  customerCookie = await signUp('customer@example.com');
}, 120_000);

afterAll(async () => {
  await app?.close();
  env.restore();
});

const HOTEL = 'https://www.riverside-grand.example';
const HOTEL_BOOKINGS = 'https://book.riverside-grand.example';

const partnerForm = {
  intent: 'save-partner',
  label: 'riverside-grand',
  name: 'Riverside Grand Hotel',
  origins: `${HOTEL}\n${HOTEL_BOOKINGS}/`,
  contactEmail: 'Concierge@Riverside-Grand.example',
  commission: '7.5',
  active: 'on',
};

/** The widget's first call from a page on `origin`. */
const configFrom = (origin: string) =>
  app.request('/api/widget-config', { headers: { Origin: origin } });

async function bookFrom(origin: string, partner: string) {
  const response = await app.request('/api/bookings', {
    method: 'POST',
    json: bookingBody({ partner }),
    headers: { Origin: origin },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  expect(response.headers.get('Access-Control-Allow-Origin')).toBe(origin);
  return bookingResponseSchema.parse(await response.json());
}

describe('partners staff manage', () => {
  it('lets a partner’s pages book as soon as staff add it, under its own label, and refuses them once it is switched off', async () => {
    for (const origin of [HOTEL, HOTEL_BOOKINGS]) {
      const refused = await configFrom(origin);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('Access-Control-Allow-Origin')).toBe('*');
    }

    const added = await post('/staff/partners', partnerForm, { Cookie: staffCookie });
    expect(added.status).toBe(200);
    expect(textOf(await added.text())).toContain(
      'Added Riverside Grand Hotel. Its pages can book within 30 seconds.',
    );
    const { getPartnerStore, getAuditLogStore, getBookingStore } = await store();
    await expect(getPartnerStore().getPartner('riverside-grand')).resolves.toMatchObject({
      name: 'Riverside Grand Hotel',
      origins: [HOTEL, HOTEL_BOOKINGS],
      contactEmail: 'concierge@riverside-grand.example',
      commissionBasisPoints: 750,
      active: true,
    });

    for (const origin of [HOTEL, HOTEL_BOOKINGS]) {
      const allowed = await configFrom(origin);
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(origin);
      // Asked anew by each page: a partner switched off is refused on the next page it shows.
      expect(allowed.headers.get('Cache-Control')).toBe('no-cache');
    }
    // The page claims another partner: the booking is the hotel's, by the origin it came from.
    const booking = await bookFrom(HOTEL_BOOKINGS, 'someone-else');
    await expect(getBookingStore().getBooking(booking.bookingId)).resolves.toMatchObject({
      partner: `riverside-grand (${HOTEL_BOOKINGS})`,
    });

    const page = textOf(await (await get('/staff/partners', staffCookie)).text());
    expect(page).toContain('Riverside Grand Hotel');
    expect(page).toContain(HOTEL_BOOKINGS);
    expect(page).toContain('7.5%');
    // PARTNER_ORIGINS still works, and is shown as the environment's.
    expect(page).toContain('Partners from the server’s settings');
    expect(page).toContain(TEST_PARTNER_ORIGIN);
    expect((await configFrom(TEST_PARTNER_ORIGIN)).status).toBe(200);

    const switchedOff = await post(
      '/staff/partners',
      { ...partnerForm, id: 'riverside-grand', active: '', commission: '' },
      { Cookie: staffCookie },
    );
    expect(textOf(await switchedOff.text())).toContain(
      'Saved Riverside Grand Hotel. The change reaches every page within 30 seconds.',
    );
    const refused = await configFrom(HOTEL);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'origin_not_allowed' } });
    const preflight = await app.request('/api/bookings', {
      method: 'OPTIONS',
      headers: { Origin: HOTEL, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    // Its past booking keeps its partner.
    await expect(getBookingStore().getBooking(booking.bookingId)).resolves.toMatchObject({
      partner: `riverside-grand (${HOTEL_BOOKINGS})`,
    });

    const entries = await getAuditLogStore().listFor('partner:riverside-grand');
    expect(entries.map((entry) => [entry.action, entry.by])).toEqual([
      ['partner-added', STAFF],
      ['partner', STAFF],
    ]);
    expect(entries[1]).toMatchObject({
      before: { active: true, commissionBasisPoints: 750 },
      after: { active: false, commissionBasisPoints: null },
    });
  });

  it.each([
    ['http://www.riverside-grand.example', 'is not a website address we can allow'],
    ['https://www.riverside-grand.example/booking', 'is not a website address we can allow'],
    ['https://*.riverside-grand.example', 'is not a website address we can allow'],
    ['null', 'is not a website address we can allow'],
    ['', 'Enter at least one website address'],
    [TEST_PARTNER_ORIGIN, 'is allowed by the server’s PARTNER_ORIGINS setting already'],
  ])('refuses the origin “%s”', async (origins, message) => {
    const response = await post(
      '/staff/partners',
      { ...partnerForm, label: 'another-hotel', origins },
      { Cookie: staffCookie },
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(textOf(await response.text())).toContain(message);
    const { getPartnerStore } = await store();
    await expect(getPartnerStore().getPartner('another-hotel')).resolves.toBeNull();
  });

  it('allows http:// for localhost only, and gives an origin to one partner', async () => {
    const local = await post(
      '/staff/partners',
      { ...partnerForm, label: 'dev-hotel', name: 'Dev Hotel', origins: 'http://localhost:8080' },
      { Cookie: staffCookie },
    );
    expect(local.status).toBe(200);
    expect((await configFrom('http://localhost:8080')).status).toBe(200);

    const copycat = await post(
      '/staff/partners',
      { ...partnerForm, label: 'copycat', name: 'Copycat', origins: 'http://localhost:8080' },
      { Cookie: staffCookie },
    );
    expect(copycat.status).toBe(409);
    expect(textOf(await copycat.text())).toContain(
      'http://localhost:8080 belongs to the partner dev-hotel already.',
    );
    const labelTaken = await post(
      '/staff/partners',
      { ...partnerForm, label: 'dev-hotel', origins: 'https://dev.example' },
      { Cookie: staffCookie },
    );
    expect(labelTaken.status).toBe(409);
  });

  it('reports what a partner brought by month, with the commission of a paid booking to the cent', async () => {
    const venue = 'https://www.bayside-weddings.example';
    const added = await post(
      '/staff/partners',
      {
        ...partnerForm,
        label: 'bayside-weddings',
        name: 'Bayside Weddings',
        origins: venue,
        commission: '7.5',
      },
      { Cookie: staffCookie },
    );
    expect(added.status).toBe(200);
    const unpaid = await bookFrom(venue, 'bayside-weddings');
    const booking = await bookFrom(venue, 'bayside-weddings');
    expect(unpaid.bookingId).not.toBe(booking.bookingId);
    const paid = await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      method: 'POST',
      json: {
        clientSecret: booking.payment.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
        termsAccepted: true,
      },
      headers: { Origin: venue },
    });
    expect(paid.status, await paid.clone().text()).toBe(200);

    // The sedan's fare is $142.35 with GST ($12.94): $129.41 before GST, of which 7.5% is
    // $9.70575, owed as $9.71. The unpaid draft counts for nothing.
    const page = textOf(await (await get('/staff/partners/bayside-weddings', staffCookie)).text());
    expect(page).toContain('1 paid booking, $9.71 commission owed.');
    expect(page).toContain('$142.35');
    expect(page).toContain('$12.94');
    expect(page).toContain('$129.41');
    // The code for each way of showing the widget, its label filled in.
    for (const element of [
      'chauffeur-booking partner="bayside-weddings"',
      'chauffeur-booking mode="popup" partner="bayside-weddings"',
      'chauffeur-booking mode="floating" partner="bayside-weddings"',
    ]) {
      expect(page).toContain(`&lt;${element}`);
    }
    expect(page).toContain(
      '&lt;script type="module" src="http://localhost/widget/chauffeur-booking.js"&gt;',
    );
    const preview = await (
      await get('/staff/partners/bayside-weddings?preview=floating', staffCookie)
    ).text();
    expect(preview).toMatch(/<chauffeur-booking mode="floating"><\/chauffeur-booking>/);

    const csv = await get('/staff/partners/bayside-weddings/report.csv', staffCookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // UTF-8 with a byte order mark, for Excel.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe(
      'Month,Bookings,Paid (AUD),Refunded (AUD),GST in what was kept (AUD),Fares before GST (AUD),Commission (AUD)',
    );
    expect(lines.at(-2)).toBe('Total,1,142.35,0.00,12.94,129.41,9.71');

    // The money report's partner column names the partner, its origins in one row.
    const report = textOf(await (await get('/staff/reports?group=partner', staffCookie)).text());
    expect(report).toContain('Bayside Weddings (bayside-weddings)');

    expect((await get('/staff/partners/nobody', staffCookie)).status).toBe(404);
    expect((await get('/staff/partners/bayside-weddings', customerCookie)).status).toBe(404);
    expect((await get('/staff/partners/bayside-weddings/report.csv')).status).toBe(404);
  });

  it('keeps each booking’s commission at the rate of its day when the partner’s rate changes', async () => {
    const lodge = 'https://www.harbour-lodge.example';
    const form = {
      ...partnerForm,
      label: 'harbour-lodge',
      name: 'Harbour Lodge',
      origins: lodge,
      commission: '10',
    };
    expect((await post('/staff/partners', form, { Cookie: staffCookie })).status).toBe(200);
    const { getBookingStore } = await store();
    const bookings = [];
    for (const name of ['Aroha', 'Mere']) {
      const booking = await app.request('/api/bookings', {
        method: 'POST',
        json: bookingBody({
          partner: 'harbour-lodge',
          passenger: { ...bookingBody().passenger, firstName: name },
        }),
        headers: { Origin: lodge },
      });
      expect(booking.status, await booking.clone().text()).toBe(201);
      const made = bookingResponseSchema.parse(await booking.json());
      await expect(getBookingStore().getBooking(made.bookingId)).resolves.toMatchObject({
        partner: `harbour-lodge (${lodge})`,
        partnerCommissionBasisPoints: 1000,
      });
      const paid = await app.request(`/api/bookings/${made.bookingId}/sandbox-confirm`, {
        method: 'POST',
        json: {
          clientSecret: made.payment.clientSecret,
          card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
          termsAccepted: true,
        },
        headers: { Origin: lodge },
      });
      expect(paid.status, await paid.clone().text()).toBe(200);
      bookings.push(made);
    }
    // The second was made before bookings kept their rate (a booking stored before this change).
    await getBookingStore().updateBooking(bookings[1]!.bookingId, (current) => {
      const { partnerCommissionBasisPoints: _kept, ...older } = current;
      return older;
    });
    const report = async () => ({
      page: textOf(await (await get('/staff/partners/harbour-lodge', staffCookie)).text()),
      total: (await (await get('/staff/partners/harbour-lodge/report.csv', staffCookie)).text())
        .split('\r\n')
        .at(-2),
    });
    // 10% of $129.41 is $12.941: $12.94 each.
    const before = await report();
    expect(before.page).toContain('2 paid bookings, $25.88 commission owed.');
    expect(before.total).toBe('Total,2,284.70,0.00,25.88,258.82,25.88');

    const changed = await post(
      '/staff/partners',
      { ...form, id: 'harbour-lodge', commission: '5' },
      { Cookie: staffCookie },
    );
    expect(changed.status).toBe(200);
    // The first keeps its $12.94 to the cent; the older one follows today's 5%: $6.47.
    const after = await report();
    expect(after.page).toContain('2 paid bookings, $19.41 commission owed.');
    expect(after.total).toBe('Total,2,284.70,0.00,25.88,258.82,19.41');
    expect(after.page).toContain(
      '1 of these bookings was made before bookings kept their commission rate: its commission is at today’s rate (5% of the fare before GST).',
    );
  });

  it('shows visitors and customers the plain 404, and refuses a post from another site', async () => {
    for (const cookie of [undefined, customerCookie]) {
      expect((await get('/staff/partners', cookie)).status).toBe(404);
      const posted = await post(
        '/staff/partners',
        { ...partnerForm, label: 'sneaky', origins: 'https://sneaky.example' },
        cookie ? { Cookie: cookie } : {},
      );
      expect(posted.status).toBe(404);
    }
    const crossSite = await post(
      '/staff/partners',
      { ...partnerForm, label: 'sneaky', origins: 'https://sneaky.example' },
      // This host under another scheme: it reaches the action, which refuses it itself (another
      // host is stopped before, by the server and by Remix).
      { Cookie: staffCookie, Origin: 'https://localhost' },
    );
    expect(crossSite.status).toBe(403);
    const { getPartnerStore } = await store();
    await expect(getPartnerStore().getPartner('sneaky')).resolves.toBeNull();
    expect((await configFrom('https://sneaky.example')).status).toBe(403);
  });
});
