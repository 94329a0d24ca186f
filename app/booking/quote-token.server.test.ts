import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  ExpiredQuoteTokenError,
  ForgedQuoteTokenError,
  MalformedQuoteTokenError,
  QUOTE_TTL_MS,
  quotedVehicle,
  signQuote,
  verifyQuote,
  type QuotePayload,
  type QuoteTokenError,
} from './quote-token.server';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const issuedAt = Date.parse('2026-03-10T02:00:00Z');

const payload: QuotePayload = {
  v: 2,
  quoteId: 'q-1',
  issuedAt,
  expiresAt: issuedAt + QUOTE_TTL_MS,
  trip: {
    pickup: { placeId: 'gz:bne-domestic', description: 'Brisbane Airport Domestic Terminal' },
    stops: [{ placeId: 'gz:south-bank', description: 'South Bank' }],
    drop: { placeId: 'gz:brisbane-cbd', description: 'Brisbane CBD' },
    date: '2026-03-11',
    time: '10:00',
    passengers: 2,
    byTheHour: false,
    hours: 0,
    notes: '',
    childSeats: { babyCapsule: 0, childSeat: 0, booster: 0 },
    trailer: false,
  },
  distanceMeters: 18_400,
  durationSeconds: 1_500,
  legs: [
    { distanceMeters: 15_000, durationSeconds: 1_200 },
    { distanceMeters: 3_400, durationSeconds: 300 },
  ],
  currency: 'AUD',
  vehicles: [
    {
      id: 'vehicleType.executive-sedan',
      slug: 'executive-sedan',
      title: 'Executive Sedan',
      type: 'sedan',
      passengers: 3,
      fare: 102.4,
      fareCents: 10_240,
      lines: [
        { kind: 'fare', label: 'Fare (base and distance)', detail: null, amountCents: 10_240 },
      ],
    },
  ],
};

const at = (ms: number) => new Date(ms);
const options = { secret };

function tamper(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [encoded, signature] = token.split('.') as [string, string];
  const decoded = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  change(decoded);
  return `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${signature}`;
}

describe('quote tokens', () => {
  it('verify to the payload that was signed', () => {
    const token = signQuote(payload, options);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyQuote(token, at(issuedAt + 1000), options)).toEqual(payload);
    expect(quotedVehicle(payload, 'vehicleType.executive-sedan')?.fareCents).toBe(10_240);
    expect(quotedVehicle(payload, 'vehicleType.other')).toBeUndefined();
  });

  it('are the same bytes whatever the key order of the payload', () => {
    const reordered = Object.fromEntries(Object.entries(payload).reverse()) as QuotePayload;
    expect(signQuote(reordered, options)).toBe(signQuote(payload, options));
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });

  it('refuse a changed fare, trip or expiry as forged', () => {
    const token = signQuote(payload, options);
    const altered = [
      tamper(token, (p) => ((p.vehicles as { fare: number }[])[0]!.fare = 1)),
      tamper(token, (p) => ((p.trip as { passengers: number }).passengers = 40)),
      tamper(token, (p) => (p.expiresAt = issuedAt + 10 * QUOTE_TTL_MS)),
    ];
    for (const candidate of altered) {
      expect(() => verifyQuote(candidate, at(issuedAt), options)).toThrow(ForgedQuoteTokenError);
    }
  });

  it('refuse a token signed with another secret as forged', () => {
    const forged = signQuote(payload, { secret: 'someone-elses-secret-0123456789abcdef' });
    const error = catchError(() => verifyQuote(forged, at(issuedAt), options));
    expect(error).toBeInstanceOf(ForgedQuoteTokenError);
    expect((error as QuoteTokenError).code).toBe('quote_invalid');
  });

  it('refuse a signature cut short or swapped with another token', () => {
    const token = signQuote(payload, options);
    const [encoded, signature] = token.split('.') as [string, string];
    expect(() =>
      verifyQuote(`${encoded}.${signature.slice(0, -4)}`, at(issuedAt), options),
    ).toThrow(ForgedQuoteTokenError);
    const other = signQuote({ ...payload, quoteId: 'q-2' }, options);
    expect(() => verifyQuote(`${encoded}.${other.split('.')[1]}`, at(issuedAt), options)).toThrow(
      ForgedQuoteTokenError,
    );
  });

  it('refuse text that is not a token as malformed', () => {
    for (const candidate of ['', 'abc', 'a.b.c', 'a.b c', '.', 'héllo.wörld']) {
      expect(() => verifyQuote(candidate, at(issuedAt), options)).toThrow(MalformedQuoteTokenError);
    }
  });

  it('refuse a correctly signed payload that is not a quote as malformed', () => {
    // Only the holder of the secret could make one; it guards against an old token format.
    const encoded = Buffer.from('{"v":2}').toString('base64url');
    const key = createHmac('sha256', secret).update('business-chauffeur/quote-token/v1').digest();
    const signature = createHmac('sha256', key).update(encoded).digest('base64url');
    expect(() => verifyQuote(`${encoded}.${signature}`, at(issuedAt), options)).toThrow(
      MalformedQuoteTokenError,
    );
  });

  it('expire at expiresAt and not a millisecond before', () => {
    const token = signQuote(payload, options);
    expect(verifyQuote(token, at(payload.expiresAt - 1), options).quoteId).toBe('q-1');
    const error = catchError(() => verifyQuote(token, at(payload.expiresAt), options));
    expect(error).toBeInstanceOf(ExpiredQuoteTokenError);
    expect((error as ExpiredQuoteTokenError).code).toBe('quote_expired');
    expect((error as ExpiredQuoteTokenError).expiredAt.getTime()).toBe(payload.expiresAt);
  });

  it('check the signature before the expiry (an altered expired token is forged)', () => {
    const token = tamper(signQuote(payload, options), (p) => (p.quoteId = 'other'));
    expect(() => verifyQuote(token, at(payload.expiresAt + 1), options)).toThrow(
      ForgedQuoteTokenError,
    );
  });

  it('refuse to sign a payload that is not a quote', () => {
    expect(() =>
      signQuote({ ...payload, currency: 'USD' } as unknown as QuotePayload, options),
    ).toThrow();
    expect(() => signQuote({ ...payload, distanceMeters: Number.NaN }, options)).toThrow();
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
