// The passenger told who is coming, through the staff page's assignment form on the real Remix
// request handler and the embedded adapters (SQLite store, email outbox, text message outbox):
// assigning queues a notice that the jobs send by email and by text message, once each however
// often the jobs run; it gives the chauffeur's first name only, the car, its plate and the
// business's number. A passenger mobile that cannot take a text message is shown on the booking's
// staff page, and the email still goes.
import type { BookingResponse } from '@business-chauffeur/booking-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as JobsModule from '~/jobs/jobs.server';
import { outboxPath } from '~/mail/outbox-mailer.server';
import { listSmsOutbox, smsOutboxPath } from '~/messages/outbox-messages.server';
import type * as StoreModule from '~/store/store.server';
import { bookingApiSuite } from '../support/booking-api';
import { textOf } from '../support/manage-booking';
import { decodeParts, outboxMessagesWith } from '../support/mime';
import { staffSession } from '../support/staff-session';
import { sampleCar, sampleChauffeur } from './dispatch-store.contract';

const { app, env, booked, pay } = bookingApiSuite();
const { post, get, signUpStaff } = staffSession(() => app);
let staffCookie: string;

const stores = () => app.load<typeof StoreModule>('/app/store/store.server.ts');
const runJobs = async () =>
  (await app.load<typeof JobsModule>('/app/jobs/jobs.server.ts')).runJobs();

beforeAll(async () => {
  staffCookie = await signUpStaff('dispatch@businesschauffeur.example');
  const dispatch = (await stores()).getDispatchStore();
  await dispatch.addChauffeur(sampleChauffeur({ id: 'arthur' }));
  await dispatch.addCar(sampleCar());
  await dispatch.addCar(sampleCar({ id: '456DEF', plate: '456 DEF', makeModel: 'BMW 530e' }));
  // For a second booking at the same time.
  await dispatch.addChauffeur(
    sampleChauffeur({ id: 'bea', firstName: 'Bea', lastName: 'Adams', email: 'bea@example.com' }),
  );
  await dispatch.addCar(sampleCar({ id: '789GHI', plate: '789 GHI' }));
});

async function paidBooking() {
  const booking = await booked();
  await pay(booking);
  return booking;
}

const assign = (booking: BookingResponse, carId = '123ABC', chauffeurId = 'arthur') =>
  post(
    `/staff/bookings/${booking.bookingReferenceId}`,
    { intent: 'assign', chauffeurId, carId },
    { Cookie: staffCookie },
  );

/** The passenger's notice emails about a booking, decoded. */
const notices = (reference: string) =>
  outboxMessagesWith(outboxPath(env.dataDir), reference)
    .map(decodeParts)
    .filter((text) => text.includes('will be your chauffeur'));

const texts = async (reference: string) =>
  (await listSmsOutbox(smsOutboxPath(env.dataDir))).filter((sms) => sms.text.includes(reference));

describe('the passenger told who is coming', () => {
  it('sends the chauffeur’s first name, the car, its plate and the number to call by email and text message, once', async () => {
    const booking = await paidBooking();
    const reference = booking.bookingReferenceId;
    expect((await assign(booking)).status).toBe(200);
    await runJobs();
    await runJobs();

    const emails = notices(reference);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toContain(
      'Arthur will be your chauffeur on', // first name only
    );
    expect(emails[0]).toContain('in the Mercedes-Benz E 300, registration 123 ABC.');
    expect(emails[0]).toContain('call us on 1300 975 707');
    expect(emails[0]).not.toContain('Upfield');
    expect(emails[0]).not.toContain('400 111 222');
    const raw = outboxMessagesWith(outboxPath(env.dataDir), reference).find((message) =>
      decodeParts(message).includes('will be your chauffeur'),
    )!;
    expect(raw).toMatch(/^To: Ngaio\.Walker@example\.com$/im);

    const sms = await texts(reference);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to).toBe('+61412345678');
    expect(sms[0]!.text).toMatch(
      new RegExp(
        `^Business Chauffeur: Arthur is your chauffeur for booking ${reference} on .+ at 10:00 AM, in the Mercedes-Benz E 300, plate 123 ABC\\. Questions\\? Call 1300 975 707\\.$`,
      ),
    );

    // A change of car is news: one more notice. Running the jobs again sends nothing more.
    expect((await assign(booking, '456DEF')).status).toBe(200);
    await runJobs();
    await runJobs();
    expect(notices(reference)).toHaveLength(2);
    expect((await texts(reference)).map((entry) => entry.text)).toEqual([
      expect.stringContaining('plate 123 ABC'),
      expect.stringContaining('in the BMW 530e, plate 456 DEF'),
    ]);
  });

  it('shows a text message that could not be delivered on the booking’s staff page', async () => {
    const booking = await paidBooking();
    await (await stores()).getBookingStore().updateBooking(booking.bookingId, (current) => ({
      ...current,
      contacts: {
        ...current.contacts,
        passenger: { ...current.contacts.passenger, countryCode: '+61', mobileNumber: '12' },
      },
    }));
    expect((await assign(booking, '789GHI', 'bea')).status).toBe(200);
    await runJobs();
    const page = textOf(
      await (await get(`/staff/bookings/${booking.bookingReferenceId}`, staffCookie)).text(),
    );
    expect(page).toContain(
      'Text message to +61 12 could not be delivered: The number is not in E.164 form (such as +61412345678). Call the passenger, or correct the mobile number on the booking.',
    );
    expect(await texts(booking.bookingReferenceId)).toHaveLength(0);
    expect(notices(booking.bookingReferenceId)).toHaveLength(1);
  });
});
