// Staff hear of new work, on the real Remix request handler and the embedded adapters (SQLite
// store, email outbox, text message outbox): a new paid booking, a same-day one, a customer's
// cancellation request and a staff change each email the operations address once, however often
// the jobs run and however often the event is told again (the payment status asked twice, the
// request repeated); each marks the booking new on the run sheet until a staff member opens it;
// a same-day booking less than three hours ahead also texts the operations mobile, and only then
// (a pickup just after midnight, booked late in the evening, counts as the same day).
import {
  timeInBrisbane,
  todayInBrisbane,
  type BookingResponse,
} from '@business-chauffeur/booking-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as JobsModule from '~/jobs/jobs.server';
import { outboxPath } from '~/mail/outbox-mailer.server';
import { listSmsOutbox, smsOutboxPath } from '~/messages/outbox-messages.server';
import type * as NoticesModule from '~/notify/staff-notices.server';
import { isSameDay, isUrgent } from '~/notify/staff-notices.server';
import type * as StoreModule from '~/store/store.server';
import { bookingApiSuite } from '../support/booking-api';
import { textOf } from '../support/manage-booking';
import { decodeParts, outboxMessagesWith } from '../support/mime';
import { passenger } from '../support/quotes';
import { staffSession } from '../support/staff-session';
import { ordinaryDayAhead } from '../support/ordinary-days';

const OPS_MOBILE = '+61400999888';
const OPS_EMAIL = 'operations@businesschauffeur.example';
const { app, env, booked, pay, status } = bookingApiSuite({
  STAFF_MOBILE: OPS_MOBILE,
  STAFF_EMAIL: OPS_EMAIL,
});
const { post, get, signUpStaff } = staffSession(() => app);
let staffCookie: string;

const stores = () => app.load<typeof StoreModule>('/app/store/store.server.ts');
const runJobs = async () =>
  (await app.load<typeof JobsModule>('/app/jobs/jobs.server.ts')).runJobs();

beforeAll(async () => {
  staffCookie = await signUpStaff('dispatch@businesschauffeur.example');
});

/** The operations inbox's emails about a booking: subject and decoded text. */
function staffEmails(reference: string) {
  return outboxMessagesWith(outboxPath(env.dataDir), reference)
    .filter((raw) => new RegExp(`^To: ${OPS_EMAIL}$`, 'mi').test(raw))
    .map((raw) => ({ subject: /^Subject: (.*)$/m.exec(raw)![1]!.trim(), text: decodeParts(raw) }));
}

const opsTexts = async () =>
  (await listSmsOutbox(smsOutboxPath(env.dataDir))).filter((sms) => sms.to === OPS_MOBILE);

/** The run sheet's row text of a booking on its pickup day. */
async function runSheetRow(date: string, reference: string) {
  const html = await (await get(`/staff/day?date=${date}`, staffCookie)).text();
  const row = new RegExp(`<tr[^>]*>(?:(?!</tr>).)*${reference}(?:(?!</tr>).)*</tr>`, 's').exec(
    html,
  );
  return row ? textOf(row[0]) : null;
}

async function bookedAt(pickup: Date | null) {
  const booking = await booked();
  if (pickup) {
    await (await stores()).getBookingStore().updateBooking(booking.bookingId, (current) => ({
      ...current,
      trip: { ...current.trip, date: todayInBrisbane(pickup), time: timeInBrisbane(pickup) },
    }));
  }
  return booking;
}

async function dateOf(booking: BookingResponse) {
  return (await (await stores()).getBookingStore().getBooking(booking.bookingId))!.trip.date;
}

describe('staff hear of new work', () => {
  it('emails a new paid booking once and marks it new on the run sheet until a staff member opens it', async () => {
    const booking = await bookedAt(null);
    const reference = booking.bookingReferenceId;
    await pay(booking);
    await status(booking);
    await runJobs();
    await status(booking);
    await runJobs();
    const emails = staffEmails(reference);
    expect(emails.map((email) => email.subject)).toEqual([
      expect.stringMatching(new RegExp(`^New booking ${reference}: `)),
    ]);
    expect(emails[0]!.text).toContain(`Booking ${reference} was paid.`);
    expect(emails[0]!.text).toContain(`/staff/bookings/${reference}`);
    expect(await opsTexts()).toHaveLength(0);

    const date = await dateOf(booking);
    expect(await runSheetRow(date, reference)).toContain('New: New booking');
    // Opening the booking clears it; the sheet no longer marks it.
    expect((await get(`/staff/bookings/${reference}`, staffCookie)).status).toBe(200);
    const row = await runSheetRow(date, reference);
    expect(row).toContain(reference);
    expect(row).not.toContain('New:');
  });

  it('emails a same-day booking less than three hours ahead and texts the operations mobile, once', async () => {
    const pickup = new Date(Date.now() + 2 * 3600_000);
    const booking = await bookedAt(pickup);
    const reference = booking.bookingReferenceId;
    await pay(booking);
    await runJobs();
    await status(booking);
    await runJobs();
    expect(staffEmails(reference).map((email) => email.subject)).toEqual([
      expect.stringMatching(new RegExp(`^Same-day booking ${reference}: `)),
    ]);
    const texts = await opsTexts();
    expect(texts.filter((sms) => sms.text.includes(reference))).toHaveLength(1);
    // Two hours ahead is tomorrow when the test runs after 10 PM in Queensland.
    const day = todayInBrisbane(pickup) === todayInBrisbane(new Date()) ? 'today' : 'tomorrow';
    expect(texts.find((sms) => sms.text.includes(reference))!.text).toMatch(
      new RegExp(`^Same-day booking ${reference}: pickup ${day} at .+ Assign a chauffeur now\\.$`),
    );
    const row = await runSheetRow(todayInBrisbane(pickup), reference);
    expect(row).toContain('New: New booking, Same day');
  });

  it("treats a booking paid at 10 PM for just after midnight as tonight's work: emailed, texted and marked same day", async () => {
    // 10:12 PM on Saturday 14 March 2026 in Queensland; the pickup is 12:16 AM on the Sunday.
    const now = new Date('2026-03-14T12:12:00.000Z');
    const booking = await booked();
    const reference = booking.bookingReferenceId;
    const store = (await stores()).getBookingStore();
    const stored = await store.updateBooking(booking.bookingId, (current) => ({
      ...current,
      // Confirmed as its payment left it at 10:12 PM (the run sheet lists confirmed work).
      status: 'CONFIRMED',
      trip: { ...current.trip, date: '2026-03-15', time: '00:16' },
    }));
    const notices = await app.load<typeof NoticesModule>('/app/notify/staff-notices.server.ts');
    await notices.noteStaffNews(stored!, 'new-booking', 'paid', { now, staffMobile: OPS_MOBILE });
    await runJobs();

    const emails = staffEmails(reference);
    expect(emails.map((email) => email.subject)).toEqual([
      `Same-day booking ${reference}: Sunday 15 March 2026 at 12:16 AM`,
    ]);
    expect(emails[0]!.text).toContain(
      `Booking ${reference} was paid for a pickup tomorrow. Assign a chauffeur and car now.`,
    );
    const texts = (await opsTexts()).filter((sms) => sms.text.includes(reference));
    expect(texts.map((sms) => sms.text)).toEqual([
      expect.stringMatching(
        new RegExp(`^Same-day booking ${reference}: pickup tomorrow at 12:16 AM from .+\\.$`),
      ),
    ]);
    expect(await runSheetRow('2026-03-15', reference)).toContain('New: New booking, Same day');
  });

  it('texts only when the same-day pickup is less than three hours ahead', () => {
    const now = new Date('2031-03-14T00:00:00.000Z'); // 10:00 AM in Queensland
    const trip = (time: string) => ({ trip: { date: '2031-03-14', time } }) as never;
    expect(isUrgent(trip('12:59'), now)).toBe(true);
    expect(isUrgent(trip('13:00'), now)).toBe(false);
    expect(isUrgent(trip('16:00'), now)).toBe(false);
    expect(isUrgent(trip('09:59'), now)).toBe(false);
  });

  it("counts a pickup as the day's work when it is today in Queensland or less than three hours ahead", () => {
    const lateEvening = new Date('2031-03-14T12:30:00.000Z'); // 10:30 PM in Queensland
    const on = (date: string, time: string) => ({ trip: { date, time } }) as never;
    expect(isSameDay(on('2031-03-14', '23:45'), lateEvening)).toBe(true);
    expect(isSameDay(on('2031-03-15', '01:29'), lateEvening)).toBe(true);
    expect(isSameDay(on('2031-03-15', '01:30'), lateEvening)).toBe(false);
    expect(isSameDay(on('2031-03-15', '09:00'), lateEvening)).toBe(false);
  });

  it('emails a cancellation request once, and marks the booking again after it was seen', async () => {
    const booking = await bookedAt(null);
    const reference = booking.bookingReferenceId;
    await pay(booking);
    await runJobs();
    await get(`/staff/bookings/${reference}`, staffCookie);
    const ask = () =>
      app.request('/manage-booking', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          intent: 'cancel',
          email: passenger.email,
          bookingNumber: reference,
        }).toString(),
        clientAddress: '198.51.100.77',
      });
    expect((await ask()).status).toBe(200);
    await runJobs();
    await runJobs();
    const requests = () =>
      staffEmails(reference).filter((email) => email.subject.startsWith('Cancellation request'));
    expect(requests().map((email) => email.subject)).toEqual([
      `Cancellation request: booking ${reference}`,
    ]);
    expect(requests()[0]!.text).toContain('The customer asked on the website to cancel');
    expect(await runSheetRow(await dateOf(booking), reference)).toContain(
      'New: Cancellation request',
    );
  });

  /** A booking quoted from places the gazetteer knows, so that a change can be priced again. */
  async function quotedBooking() {
    const place = async (q: string) => {
      const response = await app.request(`/api/places?q=${encodeURIComponent(q)}&sessionToken=t`);
      return ((await response.json()) as { suggestions: { placeId: string }[] }).suggestions[0]!;
    };
    const quote = await app.request('/api/quotes', {
      method: 'POST',
      json: {
        pickup: await place('Brisbane Airport Domestic'),
        flightNumber: 'QF 512',
        drop: { ...(await place('Noosa')), details: '12 Hastings Street' },
        stops: [],
        date: ordinaryDayAhead(4),
        time: '10:00',
        passengers: 1,
        byTheHour: false,
        hours: 0,
        notes: '',
        childSeats: { babyCapsule: 0, childSeat: 0, booster: 0 },
      },
    });
    expect(quote.status, await quote.clone().text()).toBe(200);
    const { quoteToken } = (await quote.json()) as { quoteToken: string };
    return booked({
      quoteToken,
      vehicleId: 'vehicleType.executive-sedan',
      passenger,
      onBehalf: false,
      bookingPerson: null,
    });
  }

  it('emails a staff change of a paid booking once', async () => {
    const booking = await quotedBooking();
    const reference = booking.bookingReferenceId;
    await pay(booking);
    const current = (await (await stores()).getBookingStore().getBooking(booking.bookingId))!;
    const fields = {
      date: current.trip.date,
      time: current.trip.time,
      passengers: String(current.trip.passengers),
      notes: 'Meet at the hotel lobby; not the kerb',
      reason: 'Customer asked by phone',
    };
    const preview = await post(
      `/staff/bookings/${reference}`,
      { intent: 'change-preview', ...fields },
      { Cookie: staffCookie },
    );
    const previewHtml = await preview.text();
    const confirm = /name="confirm" value="(\d+)"/.exec(previewHtml)?.[1];
    expect(confirm, textOf(previewHtml).split('Change booking')[1]?.slice(0, 1500)).toBeDefined();
    const applied = await post(
      `/staff/bookings/${reference}`,
      { intent: 'change', confirm: confirm!, ...fields },
      { Cookie: staffCookie },
    );
    expect(applied.status).toBe(200);
    await runJobs();
    await runJobs();
    const changes = staffEmails(reference).filter((email) => email.subject.endsWith('changed'));
    expect(changes.map((email) => email.subject)).toEqual([`Booking ${reference} changed`]);
    expect(changes[0]!.text).toContain('Meet at the hotel lobby; not the kerb');
  });
});
