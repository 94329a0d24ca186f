// The booking a lookup finds, as /manage-booking shows it: the fare line by line, the total and the
// GST the total includes (the same as the tax invoice email), and the refund only when above 0.
import type { BookingView } from '@business-chauffeur/booking-contract';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BookingDetails } from './booking-details';

const view: BookingView = {
  bookingReferenceId: 'MH3K9Q2A',
  status: 'CONFIRMED',
  trip: {
    pickup: { placeId: 'gz:a', description: 'Brisbane Airport Domestic Terminal' },
    stops: [],
    drop: { placeId: 'gz:b', description: 'Surfers Paradise QLD' },
    date: '2031-03-14',
    time: '23:30',
    passengers: 2,
    byTheHour: false,
    hours: 0,
    notes: '',
    childSeats: { babyCapsule: 1, childSeat: 0, booster: 0 },
    trailer: false,
  },
  distanceMeters: 93_400,
  durationSeconds: 5100,
  vehicle: { id: 'v1', title: 'Premium SUV' },
  passenger: { firstName: 'Ngaio', lastName: 'Tāne' },
  totalCents: 16_450,
  currency: 'AUD',
  lines: [
    { kind: 'fare', label: 'Fare (base and distance)', detail: null, amountCents: 15_000 },
    {
      kind: 'afterHours',
      label: 'After-hours surcharge',
      detail: '15% of the fare',
      amountCents: 2_250,
    },
    { kind: 'extra', label: 'Child seat', detail: '1 seat: 1 baby capsule', amountCents: 3_000 },
    { kind: 'discount', label: 'Discount (WELCOME10)', detail: null, amountCents: -3_800 },
  ],
  gstCents: 1_495,
  fareNow: null,
  refundedCents: null,
  cancellationRequestedAt: null,
};

/** The rendered text, tags as spaces, entities decoded. */
function textOf(element: React.ReactElement): string {
  return renderToString(element)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('BookingDetails', () => {
  it('shows the status as one human label, the code only in the badge class', () => {
    const html = renderToString(<BookingDetails booking={view} />);
    expect(textOf(<BookingDetails booking={view} />)).toContain('Status: Confirmed');
    expect(html).toContain('status-badge--confirmed');
    expect(html).not.toContain('>CONFIRMED<');
    expect(html).not.toContain('(Confirmed)');
    expect(textOf(<BookingDetails booking={{ ...view, status: 'NO_SHOW' }} />)).toContain(
      'Status: No-show',
    );
  });

  it('lists each fare line, the total and the GST included', () => {
    const text = textOf(<BookingDetails booking={view} />);
    expect(text).toContain('Fare details');
    expect(text).toContain('Fare (base and distance) $150.00');
    expect(text).toContain('After-hours surcharge 15% of the fare $22.50');
    expect(text).toContain('Child seat 1 seat: 1 baby capsule $30.00');
    expect(text).toContain('Discount (WELCOME10) -$38.00');
    expect(text).toContain('Total $164.50 AUD');
    // 16 450 cents / 11 = 1 495.45…: $14.95.
    expect(text).toContain('GST included $14.95');
    expect(text).not.toContain('Refund amount');
  });

  it('labels the lines as a table and keeps the refund when above 0', () => {
    const html = renderToString(<BookingDetails booking={{ ...view, refundedCents: 4250 }} />);
    expect(html).toContain('<caption>Fare details</caption>');
    expect(html).toMatch(/<th scope="row">GST included<\/th><td>\$14\.95<\/td>/);
    expect(html).toContain('Refund amount');
    expect(html).toContain('$42.50 AUD');
    // The refund comes after the fare it refunds.
    expect(html.indexOf('Refund amount')).toBeGreaterThan(html.indexOf('GST included'));
  });

  it("shows each place's Address details before it, and the flight of an airport pickup", () => {
    const trip: BookingView['trip'] = {
      ...view.trip,
      pickup: { ...view.trip.pickup, kind: 'airport' },
      stops: [{ placeId: 'gz:c', description: 'Paddington QLD 4064', details: '12 Smith Street' }],
      flightNumber: 'QF512',
    };
    const text = textOf(<BookingDetails booking={{ ...view, trip }} />);
    expect(text).toContain('Stop 1 12 Smith Street, Paddington QLD 4064');
    expect(text).toContain('Flight QF512 (pickup at its scheduled arrival)');
    expect(textOf(<BookingDetails booking={view} />)).not.toContain('Flight');
  });

  it('still gives the total and GST of a booking saved before fares had lines', () => {
    const text = textOf(<BookingDetails booking={{ ...view, lines: [], totalCents: 14_235 }} />);
    expect(text).toContain('Total $142.35 AUD');
    expect(text).toContain('GST included $12.94');
  });
});
