// The chauffeur's job sheet through the staff page's form, on the real Remix request handler and
// the embedded store's outbox: assigning emails the chauffeur everything on the run sheet's line
// with a calendar file ical.js reads (the job's UID, SEQUENCE 0, the pickup time); a change of car
// replaces it (same UID, SEQUENCE 1); a change of chauffeur removes it from the first chauffeur's
// calendar (CANCEL) and adds it to the second's, with a higher SEQUENCE again; an unassignment is
// a CANCEL.
import { brisbaneInstant, type BookingResponse } from '@business-chauffeur/booking-contract';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as ChangeModule from '~/staff/booking-change.server';
import type * as StoreModule from '~/store/store.server';
import { outboxPath } from '~/mail/outbox-mailer.server';
import { bookingApiSuite } from '../support/booking-api';
import { textOf } from '../support/manage-booking';
import { decodeParts, outboxMessagesWith } from '../support/mime';
import { staffSession } from '../support/staff-session';
import { sampleCar, sampleChauffeur } from './dispatch-store.contract';

const { app, env, booked, pay } = bookingApiSuite();
const { post, signUpStaff } = staffSession(() => app);
const STAFF = 'dispatch@businesschauffeur.example';
let staffCookie: string;

const stores = () => app.load<typeof StoreModule>('/app/store/store.server.ts');

beforeAll(async () => {
  staffCookie = await signUpStaff(STAFF);
  const dispatch = (await stores()).getDispatchStore();
  await dispatch.addChauffeur(sampleChauffeur({ id: 'arthur' }));
  await dispatch.addChauffeur(
    sampleChauffeur({ id: 'bea', firstName: 'Bea', lastName: 'Adams', email: 'bea@example.com' }),
  );
  await dispatch.addCar(sampleCar());
  await dispatch.addCar(sampleCar({ id: '456DEF', plate: '456 DEF', makeModel: 'BMW 530e' }));
});

interface SentSheet {
  to: string;
  subject: string;
  text: string;
  method: string;
  uid: string;
  sequence: number;
  start: Date;
  summary: string;
  description: string;
}

/** The job sheet emails about a booking, oldest first, each with its calendar file read by ical.js. */
function jobSheets(reference: string): SentSheet[] {
  return outboxMessagesWith(outboxPath(env.dataDir), `job-${reference}.ics`)
    .map((raw) => {
      const text = decodeParts(raw);
      const ics = /BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR\r?\n/.exec(text)![0];
      const calendar = new ICAL.Component(ICAL.parse(ics));
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      return {
        to: /^To: (.*)$/m.exec(raw)![1]!.trim(),
        subject: /^Subject: (.*)$/m.exec(raw)![1]!.trim(),
        text,
        method: String(calendar.getFirstPropertyValue('method')),
        uid: event.uid,
        sequence: event.sequence,
        start: event.startDate.toJSDate(),
        summary: event.summary,
        description: event.description,
      };
    })
    .sort((a, b) => a.sequence - b.sequence || (a.method === 'CANCEL' ? -1 : 1));
}

const assign = (booking: BookingResponse, chauffeurId: string, carId: string) =>
  post(
    `/staff/bookings/${booking.bookingReferenceId}`,
    { intent: 'assign', chauffeurId, carId },
    { Cookie: staffCookie },
  );

describe('the chauffeur’s job sheet', () => {
  it('emails the job with a calendar file whose SEQUENCE grows with each change; an unassignment is a CANCEL', async () => {
    const booking = await booked();
    await pay(booking);
    const reference = booking.bookingReferenceId;
    const saved = (await (await stores()).getBookingStore().getBooking(booking.bookingId))!;
    const pickup = brisbaneInstant(saved.trip.date, saved.trip.time)!;

    const first = await assign(booking, 'arthur', '123ABC');
    expect(textOf(await first.text())).toContain(
      'Assigned Arthur Upfield and car 123 ABC. Arthur has been emailed.',
    );
    const [sheet] = jobSheets(reference);
    expect(sheet).toMatchObject({
      to: 'arthur@example.com',
      method: 'PUBLISH',
      uid: `job-${booking.bookingId}@localhost`,
      sequence: 0,
      start: pickup,
    });
    expect(sheet!.subject).toContain(`New job ${reference}`);
    // Everything on the run sheet's line, in the email and in the calendar file.
    for (const part of [
      `Booking number: ${reference}`,
      'From: Brisbane Airport Domestic Terminal, Brisbane Airport QLD',
      'Stop 1: South Bank, Brisbane QLD',
      'To: Surfers Paradise QLD',
      'Vehicle booked: Executive Sedan',
      'Car: 123 ABC, Mercedes-Benz E 300',
      'Passengers: 2',
      'Passenger: Ngaio Walker, +61 412 345 678',
      'Notes: Flight QF512; two golf bags',
    ]) {
      expect(sheet!.text).toContain(part);
      expect(sheet!.description).toContain(part);
    }

    const carChanged = await assign(booking, 'arthur', '456DEF');
    expect(textOf(await carChanged.text())).toContain('Arthur has been emailed.');
    const afterCar = jobSheets(reference);
    expect(afterCar.at(-1)).toMatchObject({
      to: 'arthur@example.com',
      method: 'PUBLISH',
      uid: sheet!.uid,
      sequence: 1,
    });
    expect(afterCar.at(-1)!.subject).toContain(`Changed job ${reference}`);
    expect(afterCar.at(-1)!.description).toContain('Car: 456 DEF, BMW 530e');

    const chauffeurChanged = await assign(booking, 'bea', '456DEF');
    expect(textOf(await chauffeurChanged.text())).toContain(
      'Changed to Bea Adams and car 456 DEF. Arthur and Bea have been emailed.',
    );
    const afterChauffeur = jobSheets(reference).slice(-2);
    expect(afterChauffeur).toEqual([
      expect.objectContaining({
        to: 'arthur@example.com',
        method: 'CANCEL',
        uid: sheet!.uid,
        sequence: 2,
      }),
      expect.objectContaining({
        to: 'bea@example.com',
        method: 'PUBLISH',
        uid: sheet!.uid,
        sequence: 2,
      }),
    ]);

    const unassigned = await post(
      `/staff/bookings/${reference}`,
      { intent: 'unassign' },
      { Cookie: staffCookie },
    );
    expect(textOf(await unassigned.text())).toContain('Bea has been emailed.');
    expect(jobSheets(reference).at(-1)).toMatchObject({
      to: 'bea@example.com',
      method: 'CANCEL',
      uid: sheet!.uid,
      sequence: 3,
    });
    expect(jobSheets(reference)).toHaveLength(5);
  });

  it('moves the job with a staff change of the trip and sends the changed sheet; a change that now overlaps another job takes them off', async () => {
    const { applyChange, previewChange } = await app.load<typeof ChangeModule>(
      '/app/staff/booking-change.server.ts',
    );
    const { getBookingStore, getDispatchStore } = await stores();
    const [moving, blocking] = [await booked(), await booked()];
    await pay(moving);
    await pay(blocking);
    // Places the fare engine can measure again (a change is priced anew).
    const place = async (q: string) => {
      const response = await app.request(`/api/places?q=${encodeURIComponent(q)}&sessionToken=t`);
      const { suggestions } = (await response.json()) as {
        suggestions: { placeId: string; description: string }[];
      };
      return suggestions[0]!;
    };
    const [pickup, drop] = [await place('Brisbane Airport Domestic'), await place('Noosa')];
    const current = (await getBookingStore().updateBooking(moving.bookingId, (booking) => ({
      ...booking,
      trip: { ...booking.trip, pickup, drop, stops: [], flightNumber: 'QF512' },
    })))!;
    expect((await assign(moving, 'arthur', '123ABC')).status).toBe(200);
    // Bea drives the other booking at 14:00 the same day.
    await getBookingStore().updateBooking(blocking.bookingId, (booking) => ({
      ...booking,
      trip: { ...booking.trip, time: '14:00' },
    }));
    expect((await assign(blocking, 'bea', '456DEF')).status).toBe(200);

    const change = (time: string) => ({
      date: current.trip.date,
      time,
      passengers: 2,
      notes: '',
      reason: `Flight moved to ${time}`,
      arrangedByPhone: false,
    });
    const apply = async (time: string) => {
      const booking = (await getBookingStore().getBooking(moving.bookingId))!;
      const preview = await previewChange(booking, change(time));
      if (!preview.ok) throw new Error(preview.message);
      return applyChange(moving.bookingId, change(time), preview.totalCents, STAFF);
    };

    const later = await apply('11:30');
    expect(later).toMatchObject({ ok: true });
    expect(later.message).toContain('The job follows the change.');
    expect(later.message).toContain('Arthur has been emailed.');
    const moved = jobSheets(moving.bookingReferenceId).at(-1)!;
    expect(moved).toMatchObject({ to: 'arthur@example.com', method: 'PUBLISH', sequence: 1 });
    expect(moved.start).toEqual(brisbaneInstant(current.trip.date, '11:30'));
    expect(moved.description).not.toContain('Notes:');

    // Bea takes it over (11:30 to 13:25 with the buffer is clear of her 14:00 job); moved to
    // 13:00, it would overlap her 14:00 job: she and the car come off it, and staff are told.
    expect((await assign(moving, 'bea', '123ABC')).status).toBe(200);
    const overlapping = await apply('13:00');
    expect(overlapping.message).toContain(
      `The chauffeur and car could not stay on the changed trip: Bea Adams is already on booking ${blocking.bookingReferenceId}`,
    );
    expect(overlapping.message).toContain('Assign them again.');
    await expect(getDispatchStore().getJob(moving.bookingId)).resolves.toMatchObject({
      chauffeurId: null,
      carId: null,
    });
    expect(jobSheets(moving.bookingReferenceId).at(-1)).toMatchObject({
      to: 'bea@example.com',
      method: 'CANCEL',
    });
  });
});
