// POST /api/quotes with what a chauffeur needs beyond the place: Address details beside a suburb
// (required) or a landmark (optional), and the flight of an airport pickup. The server judges by
// the gazetteer's kind of each place, whatever kind the client claims.
import { SECRET, errorOf, place, postJson, trip, quotesApiSuite } from '../support/quotes-api';
import { messages, quoteResponseSchema } from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import { verifyQuote } from '~/booking/quote-token.server';

quotesApiSuite();

const m = messages.booking;
const paddington = place('gz:4064-paddington');

async function quoted(body: Parameters<typeof trip>[0]) {
  const response = await postJson(trip(body));
  expect(response.status).toBe(200);
  const quote = quoteResponseSchema.parse(await response.json());
  return { quote, signed: verifyQuote(quote.quoteToken, new Date(), { secret: SECRET }).trip };
}

async function refused(body: Parameters<typeof trip>[0]) {
  const response = await postJson(trip(body));
  expect(response.status).toBe(400);
  const error = await errorOf(response);
  expect(error.code).toBe('invalid_request');
  return error.fields ?? {};
}

describe('Address details', () => {
  it('are required beside a suburb, with the message on the field', async () => {
    expect(await refused({ drop: { ...paddington, kind: 'locality' } })).toEqual({
      'drop.details': m.addressDetailsRequired,
    });
  });

  it('are required even when the client claims the suburb is an exact address', async () => {
    expect(await refused({ drop: { ...paddington, kind: 'address' } })).toEqual({
      'drop.details': m.addressDetailsRequired,
    });
    // An older client that sends no kind at all is asked the same.
    expect(await refused({ drop: paddington })).toEqual({
      'drop.details': m.addressDetailsRequired,
    });
  });

  it('are kept with the place in the answer and the signed trip', async () => {
    const { quote, signed } = await quoted({
      drop: { ...paddington, kind: 'locality', details: ' 12 Smith Street ' },
    });
    expect(quote.trip.drop).toEqual({
      placeId: 'gz:4064-paddington',
      description: 'Paddington QLD 4064',
      kind: 'locality',
      details: '12 Smith Street',
    });
    expect(signed.drop.details).toBe('12 Smith Street');
  });

  it('refuse characters outside the rule and more than 100 characters', async () => {
    for (const details of ['12 Smith St; DROP TABLE', 'x'.repeat(101)]) {
      expect(await refused({ drop: { ...paddington, details } })).toEqual({
        'drop.details': m.addressDetailsInvalid,
      });
    }
  });

  it('are optional beside a landmark and checked beside a stop', async () => {
    const { quote } = await quoted({ drop: place('gz:brisbane-cbd') });
    expect(quote.trip.drop.details).toBeUndefined();
    expect(
      await refused({ stops: [{ enabled: true, ...paddington, kind: 'locality', details: '' }] }),
    ).toEqual({ 'stops.0.details': m.addressDetailsRequired });
  });
});

describe('the flight of an airport pickup', () => {
  it('is required, and anything but an airline code and number is refused', async () => {
    expect(await refused({ flightNumber: '' })).toEqual({ flightNumber: m.flightNumberRequired });
    expect(await refused({ flightNumber: 'XYZ' })).toEqual({
      flightNumber: m.flightNumberInvalid,
    });
  });

  it('is kept normalised: "qf 512" is QF512', async () => {
    const { quote, signed } = await quoted({ flightNumber: 'qf 512' });
    expect(quote.trip.flightNumber).toBe('QF512');
    expect(signed.flightNumber).toBe('QF512');
    expect(quote.trip.pickup.kind).toBe('airport');
  });

  it('is asked even when the client claims the terminal is not an airport', async () => {
    expect(
      await refused({
        pickup: { ...place('gz:bne-domestic'), kind: 'landmark' },
        flightNumber: '',
      }),
    ).toEqual({ flightNumber: m.flightNumberRequired });
  });
});
