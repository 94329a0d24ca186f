/**
 * The pricing content of the seed (surcharges, extras, promo codes, the business's legal name and
 * ABN) holds the rates the site's copy states, and the validation of these types refuses what a
 * member of staff could get wrong: a time that is not HH:MM, a mode without its rate, a date or a
 * code twice, an extra no vehicle can take, a promo code that ends before it starts, a bad ABN.
 */
import { isValidAbn } from '@business-chauffeur/booking-contract/abn';
import { describe, expect, it } from 'vitest';
import { errorPaths as errorPathsIn, readSeed, seedDocument, type Doc } from './seed-test-support';

const dataset = readSeed();
const errorPaths = (document: Doc, content: Doc[] = dataset) => errorPathsIn(document, content);

interface Surcharge {
  mode: string;
  percentage?: number | null;
  fixedAmounts?: { _key: string; vehicleType: string; amount: number }[];
}
type Pricing = Doc & {
  afterHoursSurcharge: Surcharge & { startTime: string; endTime: string };
  publicHolidaySurcharge: Surcharge & { dates: { _key: string; date: string; name: string }[] };
};

const pricing = () => seedDocument(dataset, 'pricing') as Pricing;

describe('seed pricing', () => {
  it('charges 15 % from 22:00 to 05:00 and 25 % on Christmas Day and New Year’s Day 2026-2028', () => {
    const { afterHoursSurcharge, publicHolidaySurcharge } = pricing();
    expect(afterHoursSurcharge).toMatchObject({
      startTime: '22:00',
      endTime: '05:00',
      mode: 'percentage',
      percentage: 15,
    });
    expect(publicHolidaySurcharge).toMatchObject({ mode: 'percentage', percentage: 25 });
    const dates = publicHolidaySurcharge.dates.map(({ date, name }) => `${date} ${name}`);
    for (const year of [2026, 2027, 2028]) {
      expect(dates).toContain(`${year}-12-25 Christmas Day`);
      if (year > 2026) expect(dates).toContain(`${year}-01-01 New Year's Day`);
    }
  });

  it('prices a child seat and a trailer at $30 per booking, for the vehicles that take them', () => {
    expect(seedDocument(dataset, 'extra.childSeat')).toMatchObject({
      key: 'childSeat',
      price: 30,
      vehicleTypes: ['suv', 'peopleMover'],
    });
    expect(seedDocument(dataset, 'extra.trailer')).toMatchObject({
      key: 'trailer',
      price: 30,
      vehicleTypes: ['peopleMover', 'minibus', 'coach'],
    });
  });

  it('offers WELCOME10: 10 % off, 2026 and 2027, 1,000 uses', () => {
    expect(seedDocument(dataset, 'promoCode.WELCOME10')).toMatchObject({
      code: 'WELCOME10',
      discountType: 'percentage',
      percentage: 10,
      validFrom: '2026-01-01',
      validUntil: '2027-12-31',
      maxUses: 1000,
    });
  });

  it('names the business for tax invoices, with an ABN that passes the checksum', () => {
    const settings = seedDocument(dataset, 'siteSettings');
    expect(settings.legalName).toBe('Business Chauffeur Pty Ltd');
    expect(isValidAbn(String(settings.abn))).toBe(true);
  });
});

describe('seed airport waiting time', () => {
  it('waits 45 minutes after landing at no charge, as the FAQ says', () => {
    const settings = seedDocument(dataset, 'siteSettings') as Doc & {
      airportFreeWaitingMinutes: number;
    };
    expect(settings.airportFreeWaitingMinutes).toBe(45);
    const faq = JSON.stringify(seedDocument(dataset, 'faqSection.booking'));
    expect(faq).toContain(
      `waits up to ${settings.airportFreeWaitingMinutes} minutes after landing at no charge`,
    );
  });

  it('refuses a waiting time over 180 minutes or below 0', async () => {
    const settings = seedDocument(dataset, 'siteSettings');
    expect(await errorPaths(settings)).toEqual([]);
    for (const minutes of [-5, 181, 12.5]) {
      expect(await errorPaths({ ...settings, airportFreeWaitingMinutes: minutes })).toEqual([
        'airportFreeWaitingMinutes',
      ]);
    }
  });
});

describe('validation of the surcharges', () => {
  it('accepts the seed', async () => {
    expect(await errorPaths(pricing())).toEqual([]);
  });

  it('refuses times that are not HH:MM, or a window that starts when it ends', async () => {
    const document = pricing();
    document.afterHoursSurcharge.startTime = '10 PM';
    document.afterHoursSurcharge.endTime = '24:00';
    expect(await errorPaths(document)).toEqual([
      'afterHoursSurcharge.endTime',
      'afterHoursSurcharge.startTime',
    ]);
    const empty = pricing();
    empty.afterHoursSurcharge.endTime = '22:00';
    expect(await errorPaths(empty)).toEqual(['afterHoursSurcharge.endTime']);
  });

  it('needs the percentage in percentage mode, from 0 to 100', async () => {
    const document = pricing();
    document.afterHoursSurcharge.percentage = null;
    document.publicHolidaySurcharge.percentage = 101;
    expect(await errorPaths(document)).toEqual([
      'afterHoursSurcharge.percentage',
      'publicHolidaySurcharge.percentage',
    ]);
  });

  it('needs amounts in fixed mode, at least 0, one per vehicle type', async () => {
    const document = pricing();
    document.afterHoursSurcharge.mode = 'fixed';
    expect(await errorPaths(document)).toEqual(['afterHoursSurcharge.fixedAmounts']);
    const amount = (key: string, vehicleType: string, value: number) => ({
      _key: key,
      _type: 'fixedAmount',
      vehicleType,
      amount: value,
    });
    document.afterHoursSurcharge.fixedAmounts = [amount('a', 'suv', 20), amount('b', 'suv', 25)];
    expect(await errorPaths(document)).toEqual(['afterHoursSurcharge.fixedAmounts']);
    document.afterHoursSurcharge.fixedAmounts = [amount('a', 'suv', 20), amount('b', 'coach', -5)];
    expect(await errorPaths(document)).toEqual([
      'afterHoursSurcharge.fixedAmounts.{"_key":"b"}.amount',
    ]);
  });

  it('refuses a public holiday listed twice or without a date', async () => {
    const document = pricing();
    const [first] = document.publicHolidaySurcharge.dates;
    if (!first) throw new Error('the seed has no public holidays');
    document.publicHolidaySurcharge.dates.push({ ...first, _key: 'again' });
    expect(await errorPaths(document)).toEqual(['publicHolidaySurcharge.dates']);
    const undated = pricing();
    delete (undated.publicHolidaySurcharge.dates[0] as { date?: string }).date;
    expect(await errorPaths(undated)).toHaveLength(1);
  });
});

describe('validation of the extras', () => {
  it('accepts the seed', async () => {
    expect(await errorPaths(seedDocument(dataset, 'extra.childSeat'))).toEqual([]);
    expect(await errorPaths(seedDocument(dataset, 'extra.trailer'))).toEqual([]);
  });

  it('refuses a negative price, no vehicle type, an unknown one, or a field already used', async () => {
    const document = seedDocument(dataset, 'extra.trailer');
    document.price = -1;
    document.vehicleTypes = [];
    expect(await errorPaths(document)).toEqual(['price', 'vehicleTypes']);
    document.price = 30;
    document.vehicleTypes = ['helicopter'];
    expect(await errorPaths(document)).toEqual(['vehicleTypes.0']);
    const second = { ...seedDocument(dataset, 'extra.childSeat'), _id: 'extra.childSeat2' };
    expect(await errorPaths(second)).toEqual(['key']);
  });
});

describe('validation of the promo codes', () => {
  const welcome = () => seedDocument(dataset, 'promoCode.WELCOME10');

  it('accepts the seed', async () => {
    expect(await errorPaths(welcome())).toEqual([]);
  });

  it('refuses a code in lower case, too short, or used by another promo code', async () => {
    expect(await errorPaths({ ...welcome(), code: 'welcome10' })).toEqual(['code']);
    expect(await errorPaths({ ...welcome(), code: 'AB' })).toEqual(['code']);
    expect(await errorPaths({ ...welcome(), _id: 'promoCode.COPY' })).toEqual(['code']);
  });

  it('needs the rate its discount type uses, within its bounds', async () => {
    expect(await errorPaths({ ...welcome(), percentage: null })).toEqual(['percentage']);
    expect(await errorPaths({ ...welcome(), percentage: 0 })).toEqual(['percentage']);
    expect(await errorPaths({ ...welcome(), discountType: 'fixed' })).toEqual(['amount']);
    expect(await errorPaths({ ...welcome(), discountType: 'fixed', amount: 0 })).toEqual([
      'amount',
    ]);
    expect(await errorPaths({ ...welcome(), discountType: 'fixed', amount: 15 })).toEqual([]);
  });

  it('refuses an end before the start, and a maximum below one use', async () => {
    expect(await errorPaths({ ...welcome(), validUntil: '2025-12-31' })).toEqual(['validUntil']);
    expect(await errorPaths({ ...welcome(), maxUses: 0 })).toEqual(['maxUses']);
    expect(await errorPaths({ ...welcome(), maxUses: 2.5 })).toEqual(['maxUses']);
  });
});

describe('validation of the business details', () => {
  it('refuses an ABN whose checksum fails, and a missing legal name', async () => {
    const settings = seedDocument(dataset, 'siteSettings');
    expect(await errorPaths({ ...settings, abn: '51 824 753 557' })).toEqual(['abn']);
    expect(await errorPaths({ ...settings, abn: '5182475355' })).toEqual(['abn']);
    const { legalName: _legalName, ...withoutLegalName } = settings;
    expect(await errorPaths(withoutLegalName as Doc)).toEqual(['legalName']);
  });
});
