// The run sheet through the real Remix request handler on the embedded store: the day's jobs by
// pickup time with their chauffeur and car, the unassigned ones marked, cancelled bookings, drafts
// and other days left off; today in Queensland by default; the CSV download with the same lines,
// every text field safe from spreadsheet formulas. Customers and visitors get the plain 404.
import { longDate } from '~/utils/booking-format';
import { todayInBrisbane } from '@business-chauffeur/booking-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as ActionsModule from '~/staff/booking-actions.server';
import type * as StoreModule from '~/store/store.server';
import { bookingApiSuite } from '../support/booking-api';
import { textOf } from '../support/manage-booking';
import { bookingBody, sampleQuotePayload, sampleTrip, signedQuote } from '../support/quotes';
import { staffSession } from '../support/staff-session';
import { sampleCar, sampleChauffeur } from './dispatch-store.contract';

const { app, booked, pay } = bookingApiSuite();
const { post, get, signUp, signUpStaff } = staffSession(() => app);
const STAFF = 'dispatch@businesschauffeur.example';
let staffCookie: string;
let customerCookie: string;

const stores = () => app.load<typeof StoreModule>('/app/store/store.server.ts');
// A day of its own, so no other test's bookings are on it.
const DAY = todayInBrisbane(new Date(Date.now() + 20 * 24 * 3600_000));

const bodyAt = (time: string, date = DAY) =>
  bookingBody({
    quoteToken: signedQuote(sampleQuotePayload({ trip: sampleTrip({ date, time }) })),
  });

async function paid(time: string, date = DAY) {
  const booking = await booked(bodyAt(time, date));
  await pay(booking);
  return booking;
}

beforeAll(async () => {
  staffCookie = await signUpStaff(STAFF);
  customerCookie = await signUp('customer@example.com');
  const dispatch = (await stores()).getDispatchStore();
  // A name that starts like a formula, as someone could type it: the CSV must not run it.
  await dispatch.addChauffeur(sampleChauffeur({ id: 'arthur', firstName: '=HYPERLINK("x")' }));
  await dispatch.addCar(sampleCar());
});

describe('/staff/day', () => {
  it('lists the day’s jobs by pickup time, the unassigned one marked, and downloads them as CSV', async () => {
    const assigned = await paid('10:00');
    const unassigned = await paid('07:15');
    const otherDay = await paid(
      '09:00',
      todayInBrisbane(new Date(Date.now() + 21 * 24 * 3600_000)),
    );
    const draft = await booked(bodyAt('08:00'));
    const cancelled = await paid('11:00');
    const { cancelBooking } = await app.load<typeof ActionsModule>(
      '/app/staff/booking-actions.server.ts',
    );
    await cancelBooking({
      bookingId: cancelled.bookingId,
      refundCents: 0,
      reason: 'Customer asked',
      key: 'cancel-run-sheet',
      by: STAFF,
    });
    const { getBookingStore } = await stores();
    await getBookingStore().updateBooking(unassigned.bookingId, (current) => ({
      ...current,
      trip: { ...current.trip, notes: '=1+2', flightNumber: 'QF512' },
    }));
    const assignedPost = await post(
      `/staff/bookings/${assigned.bookingReferenceId}`,
      { intent: 'assign', chauffeurId: 'arthur', carId: '123ABC' },
      { Cookie: staffCookie },
    );
    expect(assignedPost.status).toBe(200);

    const page = await get(`/staff/day?date=${DAY}`, staffCookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('private, no-store');
    const html = await page.text();
    const text = textOf(html);
    expect(text).toContain(`Run sheet: ${longDate(DAY)}`);
    expect(text).toContain('2 jobs, 1 without a chauffeur, by pickup time (Queensland).');
    expect(text.indexOf(unassigned.bookingReferenceId)).toBeLessThan(
      text.indexOf(assigned.bookingReferenceId),
    );
    for (const reference of [otherDay, draft, cancelled].map((b) => b.bookingReferenceId)) {
      expect(text).not.toContain(reference);
    }
    expect(text).toContain('7:15 AM');
    expect(text).toContain('Unassigned');
    expect(text).toContain('=HYPERLINK("x") Upfield');
    expect(text).toContain('123 ABC, Mercedes-Benz E 300');
    expect(text).toContain('Brisbane Airport Domestic Terminal, Brisbane Airport QLD');
    expect(text).toContain('Flight QF512');
    expect(text).toContain('South Bank, Brisbane QLD');
    expect(text).toContain('Surfers Paradise QLD');
    expect(text).toContain('Ngaio Walker');
    expect(text).toContain('+61 412 345 678');
    expect(html).toMatch(/class="run-sheet__unassigned"/);

    const csv = await get(`/staff/day.csv?date=${DAY}`, staffCookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('Content-Disposition')).toBe(
      `attachment; filename="run-sheet-${DAY}.csv"`,
    );
    const body = await csv.text();
    const lines = body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date,Time,Booking,Status,Chauffeur,Chauffeur mobile,Car,Vehicle booked,Pickup,Flight,Stops,Drop,Hours,Passengers,Luggage,Child seats,Trailer,Notes,Passenger,Passenger mobile',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `${DAY},07:15,${unassigned.bookingReferenceId},CONFIRMED,Unassigned,`,
    );
    expect(lines[1]).toContain(",'=1+2,");
    expect(lines[1]).toContain(',QF512,');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"") Upfield"`);
    expect(lines[2]).toContain("'+61 400 111 222");
    expect(body).not.toMatch(/,=|^=/m);
  });

  it('shows today in Queensland without a date, or with one that is not a date', async () => {
    for (const path of [
      '/staff/day',
      '/staff/day?date=2031-02-30',
      '/staff/day?date=%3Cscript%3E',
    ]) {
      const text = textOf(await (await get(path, staffCookie)).text());
      expect(text, path).toContain(`Run sheet: ${longDate(todayInBrisbane())}`);
    }
  });

  it('answers visitors and customers with the plain 404', async () => {
    for (const path of [`/staff/day?date=${DAY}`, `/staff/day.csv?date=${DAY}`]) {
      expect((await get(path)).status).toBe(404);
      expect((await get(path, customerCookie)).status).toBe(404);
    }
  });
});
