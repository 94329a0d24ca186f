// The fleet pages show what is in the CMS at the time of the request, not a copy made at build
// time: on a copy of the seed dataset, editing and archiving vehicle types changes what the
// /fleet and /fleet/:slug loaders return.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as FleetRoute from '~/routes-content/fleet';
import type * as VehicleRoute from '~/routes/fleet.$slug';

type Document = Record<string, unknown> & { _id: string };

const contentDir = fileURLToPath(new URL('../../content/', import.meta.url));
const saved = {
  CONTENT_DATASET_PATH: process.env.CONTENT_DATASET_PATH,
  SANITY_PROJECT_ID: process.env.SANITY_PROJECT_ID,
};
let dir: string;
let datasetPath: string;
let fleet: typeof FleetRoute;
let vehicle: typeof VehicleRoute;

function readDocuments(): Document[] {
  return readFileSync(datasetPath, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Document);
}

function editDocument(id: string, edit: (document: Document) => void) {
  const documents = readDocuments();
  const document = documents.find((candidate) => candidate._id === id);
  if (!document) throw new Error(`${id} is not in the dataset`);
  edit(document);
  writeFileSync(datasetPath, documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n');
}

const args = (params: Record<string, string> = {}) => ({
  request: new Request('http://localhost/fleet'),
  params,
  context: {},
});

async function fleetVehicles() {
  const data = await fleet.loader(args());
  return data.categories.flatMap((category) => category.vehicles);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'fleet-content-'));
  datasetPath = path.join(dir, 'dataset.ndjson');
  writeFileSync(datasetPath, readFileSync(path.join(contentDir, 'dataset.ndjson')));
  // The dataset's images are found beside it, as in content/.
  symlinkSync(path.join(contentDir, 'images'), path.join(dir, 'images'));
  // The configuration is read once, on first use: point it at the copy before the routes load.
  process.env.CONTENT_DATASET_PATH = datasetPath;
  delete process.env.SANITY_PROJECT_ID;
  fleet = await import('~/routes-content/fleet');
  vehicle = await import('~/routes/fleet.$slug');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('fleet content', () => {
  it('lists categories in order, each with its vehicles that are not archived', async () => {
    const data = await fleet.loader(args());
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
    const data = await fleet.loader(args());
    expect(data.categories.map((category) => category.slug)).not.toContain('stretch-limousines');
  });
});
