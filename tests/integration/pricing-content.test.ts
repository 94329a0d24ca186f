// The rates are content: a quote reads the after-hours surcharge, the public holidays and the
// extras from the CMS, so a change staff publish changes the next quote with no code change. Runs
// POST /api/quotes on the embedded adapters over a copy of the seed dataset that the test edits.
import {
  quoteResponseSchema,
  todayInBrisbane,
  type QuoteResponse,
} from '@business-chauffeur/booking-contract';
import { afterAll, describe, expect, it } from 'vitest';
import { DAY_MS, postJson, quotesApiSuite, tomorrow, trip } from '../support/quotes-api';
import { useSeedDatasetCopy } from '../support/seed-dataset-copy';

const seed = useSeedDatasetCopy();
quotesApiSuite();
afterAll(() => seed.remove());

type Surcharge = { percentage: number; dates: { _key: string; date: string; name: string }[] };

/** Tomorrow, or the day after when tomorrow is one of the seed's holidays. */
function ordinaryDay(): string {
  const day = tomorrow();
  return /-(12-25|01-01)$/.test(day) ? todayInBrisbane(new Date(Date.now() + 2 * DAY_MS)) : day;
}

async function quote(overrides: Parameters<typeof trip>[0] = {}): Promise<QuoteResponse> {
  const response = await postJson(trip({ date: ordinaryDay(), ...overrides }));
  expect(response.status, await response.clone().text()).toBe(200);
  return quoteResponseSchema.parse(await response.json());
}

const linesOf = (answer: QuoteResponse, slug: string) =>
  answer.vehicles
    .find((vehicle) => vehicle.slug === slug)
    ?.lines.map((line) => [line.label, line.amountCents]);

const fareCents = (answer: QuoteResponse, slug: string) =>
  answer.vehicles.find((vehicle) => vehicle.slug === slug)?.lines[0]?.amountCents ?? 0;

describe('rates from the CMS', () => {
  it('prices the after-hours surcharge and extras at the seed rates, then at the rates staff change', async () => {
    const night = { time: '23:30', childSeats: { babyCapsule: 0, childSeat: 1, booster: 0 } };
    const before = await quote(night);
    const fare = fareCents(before, 'premium-suv');
    expect(linesOf(before, 'premium-suv')).toEqual([
      ['Fare (base and distance)', fare],
      ['After-hours surcharge', Math.round(fare * 0.15)],
      ['Child seat', 3_000],
    ]);

    seed.editDocument('pricing', (doc) => {
      (doc.afterHoursSurcharge as Surcharge).percentage = 40;
    });
    seed.editDocument('extra.childSeat', (doc) => {
      Object.assign(doc, { price: 45, vehicleTypes: ['suv', 'peopleMover', 'sedan'] });
    });
    const after = await quote(night);
    expect(linesOf(after, 'premium-suv')).toEqual([
      ['Fare (base and distance)', fare],
      ['After-hours surcharge', Math.round(fare * 0.4)],
      ['Child seat', 4_500],
    ]);
    // Sedans now take child seats too.
    expect(after.vehicles.find((v) => v.slug === 'executive-sedan')?.unavailableReason).toBeNull();
  });

  it('adds a public holiday staff add to the list', async () => {
    const date = ordinaryDay();
    expect(linesOf(await quote({ date }), 'premium-suv')).toHaveLength(1);
    seed.editDocument('pricing', (doc) => {
      (doc.publicHolidaySurcharge as Surcharge).dates.push({
        _key: 'test',
        date,
        name: 'Test Day',
      });
    });
    const lines = linesOf(await quote({ date }), 'premium-suv');
    expect(lines?.[1]).toEqual([
      'Public holiday surcharge',
      Math.round(fareCents(await quote({ date }), 'premium-suv') * 0.25),
    ]);
  });
});
