// POST /api/quotes called as Remix calls it, on the embedded adapters: the Queensland gazetteer for
// routes and a small content dataset (tests/fixtures/quotes) for the fleet and the phone. Importing
// this module first sets the environment those adapters read (the configuration is read once, on
// first use); quotesApiSuite() restores it after the file.
import { todayInBrisbane, type QuoteRequest } from '@business-chauffeur/booking-contract';
import { afterAll, expect } from 'vitest';
import { createGazetteerPlaces } from '~/places/gazetteer-places.server';
import { useTestEnvironment } from './test-environment';

export const SECRET = 'quotes-integration-secret-0123456789abcdef';

// Its own data folder and high limits: the quote limit of the default folder is shared with
// every other process on the machine (a dev server, another test run).
const environment = useTestEnvironment({
  SESSION_SECRET: SECRET,
  CONTENT_DATASET_PATH: 'tests/fixtures/quotes/dataset.ndjson',
  PARTNER_ORIGINS: 'https://partner-hotel.example',
  SITE_URL: 'https://businesschauffeur.example',
});

export function quotesApiSuite() {
  afterAll(() => environment.restore());
}

export const URL_ = 'http://localhost/api/quotes';
export const PHONE = '1300 975 707';
export const DAY_MS = 24 * 60 * 60 * 1000;
export const tomorrow = () => todayInBrisbane(new Date(Date.now() + DAY_MS));

export async function post(body: string, headers: Record<string, string> = {}): Promise<Response> {
  const { action } = await import('~/routes/api.quotes');
  const request = new Request(URL_, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
  return action({ request, params: {}, context: {} });
}

export const postJson = (body: unknown, headers?: Record<string, string>) =>
  post(JSON.stringify(body), headers);

export const place = (placeId: string) => {
  const entry = createGazetteerPlaces().lookup(placeId);
  if (!entry) throw new Error(`not in the gazetteer: ${placeId}`);
  return { placeId, description: entry.description };
};

export function trip(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    pickup: place('gz:bne-domestic'),
    drop: place('gz:brisbane-cbd'),
    stops: [],
    date: tomorrow(),
    time: '10:00',
    passengers: 2,
    byTheHour: false,
    hours: 0,
    notes: '',
    // The pickup is an airport terminal: its flight.
    flightNumber: 'QF 512',
    ...overrides,
  };
}

export async function errorOf(response: Response) {
  expect(response.headers.get('Content-Type')).toMatch(/application\/json/);
  return (
    (await response.json()) as {
      error: { code: string; message: string; fields?: Record<string, string> };
    }
  ).error;
}
