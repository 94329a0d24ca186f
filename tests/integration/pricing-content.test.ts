// The rates are content: a quote reads the after-hours surcharge, the public holidays and the
// extras from the CMS, so a change staff publish changes the next quote with no code change. Runs
// POST /api/quotes on the embedded adapters over a copy of the seed dataset that the test edits.
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { quoteResponseSchema, type QuoteResponse } from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import { postJson, quotesApiSuite, tomorrow, trip } from '../support/quotes-api';

const folder = mkdtempSync(path.join(tmpdir(), 'bc-pricing-'));
// The dataset's images are read beside it.
symlinkSync(path.resolve('content/images'), path.join(folder, 'images'));
const datasetPath = path.join(folder, 'dataset.ndjson');
const seed = readFileSync('content/dataset.ndjson', 'utf8')
  .trimEnd()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Writes the seed dataset with `edit` applied to each document. */
function publish(edit: (doc: Record<string, unknown>) => Record<string, unknown> = (doc) => doc) {
  writeFileSync(datasetPath, seed.map((doc) => JSON.stringify(edit(doc))).join('\n') + '\n');
}
publish();
process.env.CONTENT_DATASET_PATH = datasetPath;
quotesApiSuite();

async function quote(overrides: Parameters<typeof trip>[0] = {}): Promise<QuoteResponse> {
  const response = await postJson(trip({ date: tomorrow(), ...overrides }));
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

    publish((doc) => {
      if (doc._id === 'pricing') {
        const afterHours = doc.afterHoursSurcharge as Record<string, unknown>;
        return { ...doc, afterHoursSurcharge: { ...afterHours, percentage: 40 } };
      }
      if (doc._id === 'extra.childSeat') {
        return { ...doc, price: 45, vehicleTypes: ['suv', 'peopleMover', 'sedan'] };
      }
      return doc;
    });
    const after = await quote(night);
    expect(linesOf(after, 'premium-suv')).toEqual([
      ['Fare (base and distance)', fare],
      ['After-hours surcharge', Math.round(fare * 0.4)],
      ['Child seat', 4_500],
    ]);
    // Sedans now take child seats too.
    expect(after.vehicles.find((v) => v.slug === 'executive-sedan')?.unavailableReason).toBeNull();
    publish();
  });

  it('adds a public holiday staff add to the list', async () => {
    const date = tomorrow();
    expect(linesOf(await quote({ date }), 'premium-suv')).toHaveLength(1);
    publish((doc) => {
      if (doc._id !== 'pricing') return doc;
      const holiday = doc.publicHolidaySurcharge as { dates: unknown[] };
      return {
        ...doc,
        publicHolidaySurcharge: {
          ...holiday,
          dates: [...holiday.dates, { _key: 'test', date, name: 'Test Day' }],
        },
      };
    });
    const lines = linesOf(await quote({ date }), 'premium-suv');
    expect(lines?.[1]?.[0]).toBe('Public holiday surcharge');
    publish();
  });
});
