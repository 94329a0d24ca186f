/**
 * The fleet, review and page content of the seed, beyond what the Studio's validation checks:
 * the fleet covers 1 to 61 passengers with every vehicle class, categories and vehicles reference
 * each other, one vehicle type is archived, and the marketing pages exist. Also proves that the
 * validation rules of these types reject what they should.
 */
import { describe, expect, it } from 'vitest';
import { vehicleClasses } from './schemaTypes/documents/vehicle-type';
import { readSeed, errorPaths as errorPathsIn, type Doc } from './seed-test-support';

const dataset = readSeed();

const byType = (type: string) => dataset.filter((document) => document._type === type);

const errorPaths = (document: Doc) => errorPathsIn(document, dataset);

describe('seed fleet', () => {
  const categories = byType('vehicleCategory');
  const vehicles = byType('vehicleType') as (Doc & {
    category: { _ref: string };
    type: string;
    isArchived: boolean;
    slug: { current: string };
    features: { passengerMax: number };
  })[];

  it('has ids made of the slugs, and every vehicle in an existing category', () => {
    for (const document of [...categories, ...vehicles]) {
      expect(document._id).toBe(
        `${document._type}.${(document.slug as { current: string }).current}`,
      );
    }
    const categoryIds = new Set(categories.map((category) => category._id));
    for (const vehicle of vehicles) expect(categoryIds.has(vehicle.category._ref)).toBe(true);
    expect(categories.length).toBeGreaterThanOrEqual(4);
  });

  it('covers 1 to 61 passengers with every vehicle class, one type archived', () => {
    const listed = vehicles.filter((vehicle) => !vehicle.isArchived);
    expect(listed.length).toBeGreaterThanOrEqual(8);
    expect(vehicles.filter((vehicle) => vehicle.isArchived)).toHaveLength(1);
    expect(new Set(listed.map((vehicle) => vehicle.type))).toEqual(
      new Set(vehicleClasses.map((vehicleClass) => vehicleClass.value)),
    );
    const passengers = listed.map((vehicle) => vehicle.features.passengerMax);
    expect(Math.max(...passengers)).toBe(61);
    expect(Math.min(...passengers)).toBeLessThanOrEqual(3);
  });

  it('has a page for every marketing route and enough reviews for three pages', () => {
    const routes = byType('page').map((page) => (page.route as { current: string }).current);
    expect(routes).toEqual(
      expect.arrayContaining([
        'home',
        'service',
        'about',
        'fleet',
        'transfers',
        'joinFleet',
        'chauffeur',
        'contact',
        'reviews',
      ]),
    );
    expect(byType('review').length).toBeGreaterThan(6);
  });
});

describe('validation of the fleet and review types', () => {
  const executive = dataset.find((document) => document._id === 'vehicleType.executive-sedan');
  const review = byType('review')[0];
  if (!executive || !review) throw new Error('the seed lacks the executive sedan or a review');

  it('accepts the seed documents', async () => {
    expect(await errorPaths(structuredClone(executive))).toEqual([]);
    expect(await errorPaths(structuredClone(review))).toEqual([]);
  });

  it('rejects a vehicle type without a tariff or with no passengers', async () => {
    const { tariff: _tariff, ...withoutTariff } = structuredClone(executive);
    expect(await errorPaths(withoutTariff as Doc)).toEqual(
      expect.arrayContaining(['tariff.basePrice', 'tariff.hourlyRate', 'tariff.perkmSurcharge']),
    );
    const noSeats = structuredClone(executive) as Doc & { features: { passengerMax: number } };
    noSeats.features.passengerMax = 0;
    expect(await errorPaths(noSeats)).toEqual(['features.passengerMax']);
  });

  it('rejects a negative price and an unknown vehicle class', async () => {
    const document = structuredClone(executive) as Doc & { tariff: { perkmSurcharge: number } };
    document.tariff.perkmSurcharge = -1;
    document.type = 'helicopter';
    expect(await errorPaths(document)).toEqual(['tariff.perkmSurcharge', 'type']);
  });

  it('rejects a review rated outside 1 to 5', async () => {
    expect(await errorPaths({ ...structuredClone(review), rating: 6 })).toEqual(['rating']);
    expect(await errorPaths({ ...structuredClone(review), rating: 4.5 })).toEqual(['rating']);
  });
});
