// The pricing readers and the tax invoice's business details on the embedded content source,
// over a copy of the seed dataset: what the seed holds, codes found in any case, unknown codes
// not found, and an edit to a rate in the dataset read on the next call with no code change.
import { isValidAbn } from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSeedDatasetCopy, type SeedDatasetCopy } from '../../tests/support/seed-dataset-copy';
import type * as PricingModule from './pricing.server';
import type * as SiteSettingsModule from './site-settings.server';

let seed: SeedDatasetCopy;
let pricing: typeof PricingModule;
let siteSettings: typeof SiteSettingsModule;

beforeAll(async () => {
  seed = useSeedDatasetCopy();
  pricing = await import('./pricing.server');
  siteSettings = await import('./site-settings.server');
});

afterAll(() => seed.remove());

describe('getPricingContent', () => {
  it('reads the seeded surcharges and extras', async () => {
    const { settings, extras } = await pricing.getPricingContent();
    expect(settings?.afterHoursSurcharge).toEqual({
      startTime: '22:00',
      endTime: '05:00',
      mode: 'percentage',
      percentage: 15,
      fixedAmounts: [],
    });
    const holidays = settings?.publicHolidaySurcharge;
    expect(holidays).toMatchObject({ mode: 'percentage', percentage: 25 });
    expect(holidays?.dates?.map(({ date, name }) => [date, name])).toEqual(
      expect.arrayContaining([
        ['2026-12-25', 'Christmas Day'],
        ['2027-01-01', "New Year's Day"],
        ['2027-12-25', 'Christmas Day'],
        ['2028-01-01', "New Year's Day"],
        ['2028-12-25', 'Christmas Day'],
      ]),
    );
    expect(extras).toEqual([
      {
        _id: 'extra.childSeat',
        key: 'childSeat',
        title: 'Child seat',
        pluralTitle: 'Child seats',
        price: 30,
        vehicleTypes: ['suv', 'peopleMover'],
      },
      {
        _id: 'extra.trailer',
        key: 'trailer',
        title: 'Trailer',
        pluralTitle: 'Trailers',
        price: 30,
        vehicleTypes: ['peopleMover', 'minibus', 'coach'],
      },
    ]);
  });

  it('reads a rate edited in the dataset on the next call', async () => {
    seed.editDocument('pricing', (document) => {
      (document.afterHoursSurcharge as { percentage: number }).percentage = 20;
    });
    seed.editDocument('extra.trailer', (document) => {
      document.price = 45;
    });
    const { settings, extras } = await pricing.getPricingContent();
    expect(settings?.afterHoursSurcharge?.percentage).toBe(20);
    expect(extras.find((extra) => extra.key === 'trailer')?.price).toBe(45);
  });
});

describe('getPromoCode', () => {
  it('finds WELCOME10 with every rule, whatever case it is typed in', async () => {
    const expected = {
      _id: 'promoCode.WELCOME10',
      code: 'WELCOME10',
      discountType: 'percentage',
      percentage: 10,
      amount: null,
      validFrom: '2026-01-01',
      validUntil: '2027-12-31',
      maxUses: 1000,
      minimumFare: null,
      vehicleTypes: null,
    };
    expect(await pricing.getPromoCode('WELCOME10')).toEqual(expected);
    expect(await pricing.getPromoCode(' welcome10 ')).toEqual(expected);
  });

  it('finds nothing for an unknown code, or a query-like one', async () => {
    expect(await pricing.getPromoCode('NOPE')).toBeNull();
    expect(await pricing.getPromoCode('" || true || "')).toBeNull();
  });
});

describe('getInvoiceIssuer', () => {
  it('gives the legal name and the seeded ABN, grouped 2-3-3-3, which passes the checksum', async () => {
    const issuer = await siteSettings.getInvoiceIssuer();
    expect(issuer.legalName).toBe('Business Chauffeur Pty Ltd');
    expect(issuer.abn).toMatch(/^\d{2} \d{3} \d{3} \d{3}$/);
    expect(isValidAbn(issuer.abn)).toBe(true);
  });
});
