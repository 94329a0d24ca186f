// The fleet pages show what is in the CMS at the time of the request, not a copy made at build
// time: on a copy of the seed dataset, editing and archiving vehicle types changes what the
// /fleet page (a page whose fleet list section lists them) and /fleet/:slug loaders return.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as DocumentRoute from '~/routes/$';
import type * as VehicleRoute from '~/routes/fleet.$slug';
import { useSeedDatasetCopy, type SeedDatasetCopy } from '../support/seed-dataset-copy';

let seed: SeedDatasetCopy;
let documents: typeof DocumentRoute;
let vehicle: typeof VehicleRoute;

const editDocument: SeedDatasetCopy['editDocument'] = (id, edit) => seed.editDocument(id, edit);

const args = (params: Record<string, string> = {}) => ({
  request: new Request('http://localhost/fleet'),
  params,
  context: {},
});

/** The /fleet page and the categories its fleet list section shows. */
async function fleetPage() {
  const data = await documents.loader(args());
  if (data.kind !== 'page') throw new Error('/fleet is not a page');
  const list = data.page.sections.find((section) => section._type === 'fleetList');
  if (list?._type !== 'fleetList') throw new Error('/fleet has no fleet list');
  return { page: data.page, categories: list.categories };
}

async function fleetVehicles() {
  const { categories } = await fleetPage();
  return categories.flatMap((category) => category.vehicles);
}

beforeAll(async () => {
  seed = useSeedDatasetCopy();
  documents = await import('~/routes/$');
  vehicle = await import('~/routes/fleet.$slug');
});

afterAll(() => seed.remove());

describe('fleet content', () => {
  it('lists categories in order, each with its vehicles that are not archived', async () => {
    const data = await fleetPage();
    expect(data.page.title).toBe('Our Fleet');
    expect(data.categories.map((category) => category.slug)).toEqual([
      'sedans-and-suvs',
      'people-movers-and-minibuses',
      'coaches',
      'stretch-limousines',
    ]);
    const vehicles = await fleetVehicles();
    expect(vehicles.map((item) => item.slug)).toContain('executive-sedan');
    expect(vehicles.map((item) => item.slug)).not.toContain('standard-sedan');
    const passengers = vehicles.map((item) => item.passengerMax ?? 0);
    expect(Math.min(...passengers)).toBe(3);
    expect(Math.max(...passengers)).toBe(61);
  });

  it('shows an edit to a vehicle type on the next request', async () => {
    editDocument('vehicleType.executive-sedan', (document) => {
      document.title = 'Executive Sedan (new model)';
      document.features = { passengerMax: 4 };
    });
    const edited = (await fleetVehicles()).find((item) => item.slug === 'executive-sedan');
    expect(edited).toMatchObject({
      title: 'Executive Sedan (new model)',
      passengerMax: 4,
      // Missing capacity figures read as 0, as on the client's current site.
      suitcases: 0,
      smallBags: 0,
    });
    const detail = await vehicle.loader(args({ slug: 'executive-sedan' }));
    expect(detail.vehicle.title).toBe('Executive Sedan (new model)');
  });

  it('drops an archived vehicle from the list and its page', async () => {
    editDocument('vehicleType.luxury-sedan', (document) => {
      document.isArchived = true;
    });
    expect((await fleetVehicles()).map((item) => item.slug)).not.toContain('luxury-sedan');
    const response = await vehicle.loader(args({ slug: 'luxury-sedan' })).catch((e) => e);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(404);
  });

  it('leaves out a category whose vehicles are all archived', async () => {
    editDocument('vehicleType.stretch-limousine', (document) => {
      document.isArchived = true;
    });
    const data = await fleetPage();
    expect(data.categories.map((category) => category.slug)).not.toContain('stretch-limousines');
  });
});
