// Staff change a paid booking's places and vehicle type through the real Remix request handler, on
// the embedded store: the trip is measured and priced again like the other changes, follows the
// booking rules (a suburb needs its street address, the vehicle must seat the passengers), and a
// change at another price is an adjustment beside what was charged, never over it.
import {
  bookingResponseSchema,
  messages,
  type Booking,
} from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as StoreModule from '~/store/store.server';
import { textOf } from '../support/manage-booking';
import { passenger } from '../support/quotes';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { staffSession } from '../support/staff-session';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';
import { ordinaryDayAhead } from '../support/ordinary-days';

vi.setConfig({ testTimeout: 90_000 });

const STAFF = 'changes@businesschauffeur.example';
const SEDAN = 'vehicleType.executive-sedan';
const SUV = 'vehicleType.premium-suv';
const CARD = { number: '4242424242424242', expiry: '12/34', cvc: '123' };

describe('staff change the places and the vehicle type', () => {
  let env: TestEnvironment;
  let app: RemixApp;
  let staff = '';
  const session = staffSession(() => app);

  beforeAll(async () => {
    env = useTestEnvironment();
    app = await startRemixApp();
    staff = await session.signUpStaff(STAFF);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    env?.restore();
  });

  const booking = async (id: string): Promise<Booking> =>
    (await (
      await app.load<typeof StoreModule>('/app/store/store.server.ts')
    )
      .getBookingStore()
      .getBooking(id))!;

  async function paidBooking() {
    const place = async (q: string) => {
      const response = await app.request(`/api/places?q=${encodeURIComponent(q)}&sessionToken=t`);
      return (
        (await response.json()) as { suggestions: { placeId: string; description: string }[] }
      ).suggestions[0]!;
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
        passengers: 2,
        byTheHour: false,
        hours: 0,
        notes: '',
      },
    });
    const { quoteToken } = (await quote.json()) as { quoteToken: string };
    const response = await app.request('/api/bookings', {
      method: 'POST',
      json: { quoteToken, vehicleId: SEDAN, passenger, onBehalf: false, bookingPerson: null },
    });
    const booked = bookingResponseSchema.parse(await response.json());
    await app.request(`/api/bookings/${booked.bookingId}/sandbox-confirm`, {
      method: 'POST',
      json: { clientSecret: booked.payment.clientSecret, card: CARD, termsAccepted: true },
    });
    return { id: booked.bookingId, reference: booked.bookingReferenceId };
  }

  /** The change form as staff send it, with the trip as booked unless changed. */
  async function send(
    paid: { id: string; reference: string },
    intent: 'change-preview' | 'change',
    change: Record<string, string>,
    confirm?: string,
  ) {
    const current = await booking(paid.id);
    return session.post(
      `/staff/bookings/${paid.reference}`,
      {
        intent,
        date: current.trip.date,
        time: current.trip.time,
        passengers: String(current.trip.passengers),
        notes: current.trip.notes,
        reason: 'Customer now goes to the Gold Coast',
        ...(confirm ? { confirm } : {}),
        ...change,
      },
      { Cookie: staff },
    );
  }

  it('measures and prices the new drop-off and vehicle type, as an adjustment beside the charge', async () => {
    const paid = await paidBooking();
    const charged = await booking(paid.id);
    const change = {
      drop: 'Surfers Paradise, Cavill Avenue',
      dropDetails: '3 Orchid Avenue',
      vehicleId: SUV,
    };
    const preview = await send(paid, 'change-preview', change);
    const html = await preview.text();
    expect(preview.status, textOf(html).slice(0, 1500)).toBe(200);
    const confirm = /name="confirm" value="(\d+)"/.exec(html)![1]!;
    const applied = await send(paid, 'change', change, confirm);
    expect(applied.status).toBe(200);

    const after = await booking(paid.id);
    expect(after.trip.drop.description).toContain('Surfers Paradise');
    expect(after.trip.drop.details).toBe('3 Orchid Avenue');
    expect(after.trip.pickup).toEqual(charged.trip.pickup);
    expect(after.vehicle).toMatchObject({ id: SUV, name: 'Premium SUV' });
    expect(after.route.distanceMeters).not.toBe(charged.route.distanceMeters);
    // What was charged stays; the new fare is the change's adjustment.
    expect(after.fareCents).toBe(charged.fareCents);
    expect(after.fareLines).toEqual(charged.fareLines);
    expect(after.adjustments?.at(-1)?.totalCents).toBe(Number(confirm));
    const staffPage = textOf(
      await (await session.get(`/staff/bookings/${paid.reference}`, staff)).text(),
    );
    expect(staffPage).toContain('Surfers Paradise');
    expect(staffPage).toContain('Premium SUV');
  });

  it('follows the booking rules: a suburb needs its street address, a place must exist, the vehicle must seat everyone', async () => {
    const paid = await paidBooking();
    const before = await booking(paid.id);

    const noDetails = await send(paid, 'change-preview', { drop: 'Noosa Heads', dropDetails: '' });
    expect(noDetails.status).toBe(409);
    expect(textOf(await noDetails.text())).toContain(messages.booking.addressDetailsRequired);

    const nowhere = await send(paid, 'change-preview', { pickup: 'Qqqzzzxxy' });
    expect(nowhere.status).toBe(409);
    expect(textOf(await nowhere.text())).toContain('No place matches "Qqqzzzxxy"');

    const sedan = await send(paid, 'change-preview', { passengers: '6', vehicleId: SEDAN });
    expect(sedan.status).toBe(409);
    expect(textOf(await sedan.text())).toContain('cannot take this trip');

    expect(await booking(paid.id)).toEqual(before);
  });
});
