// Visitors never get stega (docs/decisions/052-visual-editing-in-draft-mode.md): the site runs on
// the Sanity adapter with draft mode on (a read token and the Studio's address), against the local
// stub of Sanity's API, which answers every query asking for a content source map with one, so a
// read that turned stega on would carry it. After a member of staff has browsed in draft mode
// (whose answers do carry it, as the first test shows), every public page, /sitemap.xml,
// robots.txt, the navigation data, the booking widget's JSON API (asked from a draft-mode browser
// too) and the confirmation email are scanned for stega characters: none is found.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bookingResponseSchema, quoteResponseSchema } from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listOutbox, outboxPath } from '~/mail/outbox-mailer.server';
import { createGazetteerPlaces } from '~/places/gazetteer-places.server';
import { containsStega } from '~/utils/stega';
import { CONTENT_ROUTES } from '../e2e/content-pages';
import { weddingsLandingPage } from '../support/landing-pages';
import { decodeParts } from '../support/mime';
import { allowFetchPriorityWarning } from '../support/react-dev-warnings';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { startSanityStub, type SanityStub } from '../support/sanity-stub';
import { useSeedDatasetCopy, type SeedDatasetCopy } from '../support/seed-dataset-copy';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';
import { ordinaryDayAhead } from '../support/ordinary-days';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const STUDIO = 'https://bcchauffeur.sanity.studio';

/** Every page a visitor can open without signing in, besides the content pages. */
const APP_PAGES = ['/booking', '/signin', '/signup', '/manage-booking', '/reset-password'];

let seed: SeedDatasetCopy;
let stub: SanityStub;
let env: TestEnvironment;
let app: RemixApp;
let draftCookie: string;
let checkConsole: () => void;

beforeAll(async () => {
  seed = useSeedDatasetCopy();
  seed.addDocuments([weddingsLandingPage()]);
  stub = await startSanityStub(seed.datasetPath);
  env = useTestEnvironment({
    SANITY_PROJECT_ID: 'stubproject',
    SANITY_DATASET: 'production',
    SANITY_API_HOST: stub.url,
    SANITY_API_READ_TOKEN: 'sk-read-token-for-tests',
    SANITY_STUDIO_URL: STUDIO,
    SANITY_TIMEOUT_MS: '5000',
  });
  app = await startRemixApp();
  // What the Presentation tool writes, then opens.
  const secret = randomUUID();
  seed.addDocuments([
    {
      _id: `drafts.${randomUUID()}`,
      _type: 'sanity.previewUrlSecret',
      _updatedAt: new Date().toISOString(),
      secret,
      studioUrl: STUDIO,
    },
  ]);
  const entered = await app.request(
    `/api/preview?sanity-preview-secret=${secret}&sanity-preview-pathname=/`,
    { redirect: 'manual' },
  );
  expect(entered.status).toBe(302);
  draftCookie = (entered.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
});

afterAll(async () => {
  await app?.close();
  await stub?.close();
  seed?.remove();
  env?.restore();
});

beforeEach(() => {
  checkConsole = allowFetchPriorityWarning();
  return () => checkConsole();
});

async function body(path: string, init: Parameters<RemixApp['request']>[1] = {}) {
  const response = await app.request(path, init);
  return { status: response.status, text: await response.text() };
}

function place(placeId: string) {
  const entry = createGazetteerPlaces().lookup(placeId);
  if (!entry) throw new Error(`not in the gazetteer: ${placeId}`);
  return { placeId, description: entry.description };
}

describe('a member of staff in draft mode', () => {
  it('gets stega in the pages and their navigation data (so the scans below would see it)', async () => {
    for (const path of ['/', '/weddings', '/faqs', '/service-area-brisbane', '/weddings.data']) {
      const { status, text } = await body(path, { headers: { Cookie: draftCookie } });
      expect(status, path).toBe(200);
      expect(containsStega(text), path).toBe(true);
    }
  });
});

describe('visitors', () => {
  it('get no stega on any page, in its navigation data, in /sitemap.xml or robots.txt', async () => {
    const paths = [...CONTENT_ROUTES, '/weddings', ...APP_PAGES];
    const found: string[] = [];
    for (const path of [
      ...paths,
      ...paths.map((page) => `${page === '/' ? '/_root' : page}.data`),
    ]) {
      const { status, text } = await body(path);
      expect(status, path).toBeLessThan(400);
      if (containsStega(text)) found.push(path);
    }
    for (const path of ['/sitemap.xml', '/robots.txt']) {
      const { status, text } = await body(path);
      expect(status, path).toBe(200);
      if (containsStega(text)) found.push(path);
    }
    expect(found).toEqual([]);
  });

  it('get none from the booking widget’s API or in the confirmation email, even from a draft-mode browser', async () => {
    const draft = { headers: { Cookie: draftCookie } };
    const answers: Record<string, string> = {};
    answers.config = (await body('/api/widget-config', draft)).text;
    answers.places = (await body('/api/places?q=Brisbane%20Airport', draft)).text;

    const quoted = await app.request('/api/quotes', {
      ...draft,
      method: 'POST',
      json: {
        pickup: place('gz:bne-domestic'),
        drop: place('gz:brisbane-cbd'),
        stops: [],
        date: ordinaryDayAhead(3),
        time: '10:00',
        passengers: 2,
        byTheHour: false,
        hours: 0,
        notes: '',
        flightNumber: 'QF 512',
      },
    });
    answers.quote = await quoted.text();
    expect(quoted.status, answers.quote).toBe(200);
    const quote = quoteResponseSchema.parse(JSON.parse(answers.quote));

    const booked = await app.request('/api/bookings', {
      ...draft,
      method: 'POST',
      json: {
        quoteToken: quote.quoteToken,
        vehicleId: quote.vehicles[0]?.id,
        passenger: {
          firstName: 'Ngaio',
          lastName: 'Walker',
          email: 'draft.mode.booking@example.com',
          countryCode: '+61',
          mobileNumber: '0412345678',
        },
        onBehalf: false,
        bookingPerson: null,
      },
    });
    answers.booking = await booked.text();
    expect(booked.status, answers.booking).toBe(201);
    const booking = bookingResponseSchema.parse(JSON.parse(answers.booking));
    const paid = await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      ...draft,
      method: 'POST',
      json: {
        clientSecret: booking.payment.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
        termsAccepted: true,
      },
    });
    answers.payment = await paid.text();
    expect(paid.status, answers.payment).toBe(200);

    const outbox = outboxPath(env.dataDir);
    const emails = (await listOutbox(outbox)).filter((entry) =>
      entry.subject.includes(booking.bookingReferenceId),
    );
    expect(emails).toHaveLength(1);
    const raw = readFileSync(`${outbox}/${emails[0]?.name}`, 'utf8');
    answers.email = decodeParts(raw);
    expect(answers.email).toContain(booking.bookingReferenceId);

    for (const [name, text] of Object.entries(answers)) {
      expect(containsStega(text), name).toBe(false);
    }
  });
});
