// Assigning a chauffeur and a car to a booking through the staff page's form, on the real Remix
// request handler and the embedded store: a paid booking takes them (one audit entry); every
// reason a choice is refused is given (unpaid, inactive, licence, authorisation or registration
// expired on the pickup date, a smaller vehicle type, too few seats, a chauffeur or car on another
// job whose time overlaps, buffer included); a change and an unassignment are logged and raise
// the job's sequence; a cancelled booking frees both. Customers get the plain 404 and a post from
// another site changes nothing.
import { todayInBrisbane, type BookingResponse } from '@business-chauffeur/booking-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as ActionsModule from '~/staff/booking-actions.server';
import type * as StoreModule from '~/store/store.server';
import { bookingApiSuite } from '../support/booking-api';
import { textOf } from '../support/manage-booking';
import {
  bookingBody,
  PEOPLE_MOVER,
  signedQuote,
  sampleQuotePayload,
  sampleTrip,
} from '../support/quotes';
import { staffSession } from '../support/staff-session';
import { sampleCar, sampleChauffeur } from './dispatch-store.contract';

const { app, booked, pay } = bookingApiSuite();
const { post, get, signUp, signUpStaff } = staffSession(() => app);
const STAFF = 'dispatch@businesschauffeur.example';
let staffCookie: string;
let customerCookie: string;

const stores = () => app.load<typeof StoreModule>('/app/store/store.server.ts');

beforeAll(async () => {
  staffCookie = await signUpStaff(STAFF);
  customerCookie = await signUp('customer@example.com');
  const dispatch = (await stores()).getDispatchStore();
  await dispatch.addChauffeur(sampleChauffeur({ id: 'arthur' }));
  await dispatch.addChauffeur(
    sampleChauffeur({ id: 'bea', firstName: 'Bea', lastName: 'Adams', email: 'bea@example.com' }),
  );
  await dispatch.addChauffeur(
    sampleChauffeur({
      id: 'lapsed',
      firstName: 'Len',
      lastName: 'Lapsed',
      licenceExpiry: '2026-01-31',
      authorisationExpiry: '2026-02-28',
    }),
  );
  await dispatch.addChauffeur(
    sampleChauffeur({ id: 'resting', firstName: 'Rita', lastName: 'Rest', active: false }),
  );
  await dispatch.addCar(sampleCar());
  await dispatch.addCar(sampleCar({ id: '456DEF', plate: '456 DEF' }));
  await dispatch.addCar(
    sampleCar({ id: 'OLD1', plate: 'OLD 1', registrationExpiry: '2026-01-31' }),
  );
  await dispatch.addCar(
    sampleCar({
      id: 'TINY1',
      plate: 'TINY 1',
      vehicleTypeId: 'vehicleType.luxury-minibus',
      seats: 1,
    }),
  );
});

async function paidBooking(body = bookingBody()) {
  const booking = await booked(body);
  await pay(booking);
  return booking;
}

const assign = (booking: BookingResponse, chauffeurId: string, carId: string, headers = {}) =>
  post(
    `/staff/bookings/${booking.bookingReferenceId}`,
    { intent: 'assign', chauffeurId, carId },
    { Cookie: staffCookie, ...headers },
  );

describe('assigning a chauffeur and a car', () => {
  it('puts them on a paid booking, shows them and logs it; a second job at the same time is refused with the reason', async () => {
    const first = await paidBooking();
    const page = textOf(
      await (await get(`/staff/bookings/${first.bookingReferenceId}`, staffCookie)).text(),
    );
    expect(page).toContain('No chauffeur or car yet.');

    const assigned = await assign(first, 'arthur', '123ABC');
    expect(assigned.status).toBe(200);
    expect(textOf(await assigned.text())).toContain('Assigned Arthur Upfield and car 123 ABC.');
    const { getDispatchStore, getAuditLogStore } = await stores();
    const job = await getDispatchStore().getJob(first.bookingId);
    // Pickup 10:00 Queensland (00:00 UTC), 85 minutes' drive, 30 minutes between jobs.
    expect(job).toMatchObject({ chauffeurId: 'arthur', carId: '123ABC', sequence: 0 });
    expect(job!.start.endsWith('T00:00:00.000Z')).toBe(true);
    expect(job!.end.endsWith('T01:55:00.000Z')).toBe(true);
    const shown = textOf(
      await (await get(`/staff/bookings/${first.bookingReferenceId}`, staffCookie)).text(),
    );
    expect(shown).toContain('Arthur Upfield (+61 400 111 222)');
    expect(shown).toContain('123 ABC, Mercedes-Benz E 300');
    const audit = await getAuditLogStore().listFor(first.bookingId);
    expect(audit.at(-1)).toMatchObject({
      action: 'assign',
      by: STAFF,
      before: { chauffeur: null, car: null },
      after: { chauffeur: 'Arthur Upfield', car: '123 ABC' },
    });

    const second = await paidBooking();
    const busy = await assign(second, 'arthur', '456DEF');
    expect(busy.status).toBe(409);
    expect(textOf(await busy.text())).toContain(
      `Arthur Upfield is already on booking ${first.bookingReferenceId}, whose time overlaps this one (pickup to estimated end, plus 30 minutes between jobs).`,
    );
    const carBusy = await assign(second, 'bea', '123ABC');
    expect(textOf(await carBusy.text())).toContain(
      `Car 123 ABC is already on booking ${first.bookingReferenceId}`,
    );
    await expect(getDispatchStore().getJob(second.bookingId)).resolves.toBeNull();
    await expect(assign(second, 'bea', '456DEF')).resolves.toHaveProperty('status', 200);
  });

  it('gives every reason a chauffeur or car cannot take the job', async () => {
    const booking = await paidBooking();
    const lapsed = await assign(booking, 'lapsed', 'OLD1');
    expect(lapsed.status).toBe(409);
    const text = textOf(await lapsed.text());
    expect(text).toContain(
      'Len Lapsed’s driver licence expires on Saturday 31 January 2026, before the pickup',
    );
    expect(text).toContain(
      'Len Lapsed’s driver authorisation expires on Saturday 28 February 2026',
    );
    expect(text).toContain('Car OLD 1’s registration expires on Saturday 31 January 2026');
    const resting = textOf(await (await assign(booking, 'resting', 'TINY1')).text());
    expect(resting).toContain('Rita Rest is not active.');
    expect(resting).toContain(
      'Car TINY 1 has 1 passenger seat, fewer than the 2 passengers booked.',
    );

    const bigger = await paidBooking(bookingBody({ vehicleId: PEOPLE_MOVER.id }));
    const smaller = textOf(await (await assign(bigger, 'bea', '123ABC')).text());
    expect(smaller).toContain(
      'Car 123 ABC counts as vehicle type Executive Sedan, smaller than the People Mover booked.',
    );

    const unpaid = await booked();
    const refused = textOf(await (await assign(unpaid, 'arthur', '123ABC')).text());
    expect(refused).toContain(
      'Only a paid (confirmed) booking can be given a chauffeur and a car.',
    );
    const { getDispatchStore } = await stores();
    for (const id of [booking.bookingId, bigger.bookingId, unpaid.bookingId]) {
      await expect(getDispatchStore().getJob(id)).resolves.toBeNull();
    }
  });

  it('logs a change and an unassignment, raising the sequence; a cancelled booking frees both', async () => {
    const later = sampleTrip({ date: todayInBrisbane(new Date(Date.now() + 9 * 24 * 3600_000)) });
    const body = () =>
      bookingBody({ quoteToken: signedQuote(sampleQuotePayload({ trip: later })) });
    const booking = await paidBooking(body());
    expect((await assign(booking, 'arthur', '123ABC')).status).toBe(200);
    const changed = await assign(booking, 'bea', '123ABC');
    expect(textOf(await changed.text())).toContain('Changed to Bea Adams and car 123 ABC.');
    const same = await assign(booking, 'bea', '123ABC');
    expect(textOf(await same.text())).toContain(
      'Bea Adams and car 123 ABC are already on this booking.',
    );
    const unassigned = await post(
      `/staff/bookings/${booking.bookingReferenceId}`,
      { intent: 'unassign' },
      { Cookie: staffCookie },
    );
    expect(textOf(await unassigned.text())).toContain(
      'Took Bea Adams and car 123 ABC off this booking.',
    );
    const { getDispatchStore, getAuditLogStore } = await stores();
    await expect(getDispatchStore().getJob(booking.bookingId)).resolves.toMatchObject({
      chauffeurId: null,
      carId: null,
      sequence: 2,
    });
    const audit = await getAuditLogStore().listFor(booking.bookingId);
    expect(audit.slice(-3).map((entry) => entry.action)).toEqual([
      'assign',
      'reassign',
      'unassign',
    ]);

    expect((await assign(booking, 'arthur', '123ABC')).status).toBe(200);
    const { cancelBooking } = await app.load<typeof ActionsModule>(
      '/app/staff/booking-actions.server.ts',
    );
    await expect(
      cancelBooking({
        bookingId: booking.bookingId,
        refundCents: 0,
        reason: 'Customer asked',
        key: 'cancel-dispatch-1',
        by: STAFF,
      }),
    ).resolves.toMatchObject({ ok: true });
    await expect(getDispatchStore().getJob(booking.bookingId)).resolves.toMatchObject({
      chauffeurId: null,
      sequence: 4,
    });
    const other = await paidBooking(body());
    expect((await assign(other, 'arthur', '123ABC')).status).toBe(200);
  });

  it('answers customers with the plain 404 and refuses a post from another site', async () => {
    const booking = await paidBooking();
    const customer = await post(
      `/staff/bookings/${booking.bookingReferenceId}`,
      { intent: 'assign', chauffeurId: 'arthur', carId: '456DEF' },
      { Cookie: customerCookie },
    );
    expect(customer.status).toBe(404);
    const foreign = await assign(booking, 'arthur', '456DEF', { Origin: 'https://localhost' });
    expect(foreign.status).toBe(403);
    const { getDispatchStore } = await stores();
    await expect(getDispatchStore().getJob(booking.bookingId)).resolves.toBeNull();
  });
});
