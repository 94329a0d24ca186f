import { emptyContact } from '@business-chauffeur/booking-contract/widget';
import { describe, expect, it } from 'vitest';
import { places, quoteFor } from '../machine/booking-machine.fixtures';
import { confirmationRecipients, formatPickup, mapsEmbedUrl, successRecap } from './summary-format';

describe('formatPickup', () => {
  it('names the Queensland date and 12-hour time, whatever the browser zone', () => {
    expect(formatPickup('2026-12-04', '14:30')).toBe(
      'Friday 4 December 2026 at 2:30 PM (Queensland time)',
    );
    expect(formatPickup('2026-06-01', '00:05')).toBe(
      'Monday 1 June 2026 at 12:05 AM (Queensland time)',
    );
  });
});

describe('mapsEmbedUrl', () => {
  it('asks for driving directions from pickup to drop by place id', () => {
    const url = new URL(mapsEmbedUrl(quoteFor(), 'browser-key'));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.google.com/maps/embed/v1/directions');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: 'browser-key',
      origin: 'place_id:bne-domestic',
      destination: 'place_id:brisbane-cbd',
      mode: 'driving',
    });
  });

  it('passes the stops as waypoints, in order', () => {
    const quote = quoteFor();
    quote.trip.stops = [places.southBank, places.portside];
    const url = new URL(mapsEmbedUrl(quote, 'browser-key'));
    expect(url.searchParams.get('waypoints')).toBe('place_id:south-bank|place_id:portside-wharf');
  });
});

describe('successRecap', () => {
  it('gives pickup, drop, date and time, vehicle and the total paid', () => {
    expect(successRecap(quoteFor(), 'Premium SUV', 14_235)).toEqual([
      ['Pickup', 'Brisbane Airport (BNE) Domestic Terminal'],
      ['Drop', 'Brisbane CBD'],
      ['Date and time', 'Wednesday 10 June 2026 at 10:00 AM (Queensland time)'],
      ['Vehicle', 'Premium SUV'],
      ['Total', '$142.35 AUD'],
    ]);
  });

  it('adds the flight, the stops in order and the hours of a trip by the hour', () => {
    const quote = quoteFor();
    quote.trip.flightNumber = 'QF512';
    quote.trip.stops = [places.southBank, places.portside];
    quote.trip.byTheHour = true;
    quote.trip.hours = 3;
    const rows = successRecap(quote, 'Premium SUV', 14_235);
    expect(rows.map(([term]) => term)).toEqual([
      'Pickup',
      'Flight',
      'Stop 1',
      'Stop 2',
      'Drop',
      'Date and time',
      'Hours',
      'Vehicle',
      'Total',
    ]);
    expect(rows[1]?.[1]).toBe('QF512 (pickup at its scheduled arrival)');
    expect(rows[6]?.[1]).toBe('Booked for 3 hours');
  });

  it('still gives the total without the quote or the vehicle', () => {
    expect(successRecap(null, null, 8000)).toEqual([['Total', '$80.00 AUD']]);
  });
});

describe('confirmationRecipients', () => {
  const contact = (email: string) => ({ ...emptyContact(), email });

  it('is the passenger, or the person booking and the passenger, each once', () => {
    const passenger = contact(' mere@example.com ');
    const booker = contact('ana@example.com');
    expect(confirmationRecipients({ passenger, onBehalf: false, bookingPerson: booker })).toEqual([
      'mere@example.com',
    ]);
    expect(confirmationRecipients({ passenger, onBehalf: true, bookingPerson: booker })).toEqual([
      'ana@example.com',
      'mere@example.com',
    ]);
    expect(
      confirmationRecipients({
        passenger,
        onBehalf: true,
        bookingPerson: contact('MERE@example.com'),
      }),
    ).toEqual(['MERE@example.com']);
  });
});
