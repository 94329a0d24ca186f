// The site through a CMS outage, through its real Remix request handler on a local stub of
// Sanity's query API that fails for real at the HTTP boundary. The stub serves a copy of the seed
// whose published phone and email differ from the build's fallback (app/content/fallback-contacts.ts),
// so each page shows which one it had. With nothing read yet, a page that needs its content is
// the outage page (503, Retry-After, never cached) with a real title, the build's phone and email;
// /booking serves the widget. Once content was read, pages keep their last good copy, a page
// never read is the outage page with the last good phone and email, and a booking is quoted, made
// and paid from the last good fare rules while Sanity fails.
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import {
  bookingResponseSchema,
  paymentStatusResponseSchema,
  quoteResponseSchema,
} from '@business-chauffeur/booking-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listOutbox, outboxPath } from '~/mail/outbox-mailer.server';
import { createGazetteerPlaces } from '~/places/gazetteer-places.server';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { allowFetchPriorityWarning } from '../support/react-dev-warnings';
import { startSanityStub, type SanityStub } from '../support/sanity-stub';
import { useSeedDatasetCopy, type SeedDatasetCopy } from '../support/seed-dataset-copy';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';
import { ordinaryDayAhead } from '../support/ordinary-days';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const WEBHOOK_SECRET = 'content-outage-webhook-secret';
const PUBLISHED = { phone: '07 3555 0123', email: 'reservations@businesschauffeur.example' };
const BUILT_IN = { phone: '1300 975 707', email: 'bookings@businesschauffeur.example' };

let dataset: SeedDatasetCopy;
let stub: SanityStub;
let env: TestEnvironment;
let app: RemixApp;

beforeAll(async () => {
  dataset = useSeedDatasetCopy();
  dataset.editDocument('siteSettings', (settings) => Object.assign(settings, PUBLISHED));
  stub = await startSanityStub(dataset.datasetPath);
  stub.mode = 'failing';
  env = useTestEnvironment({
    SANITY_PROJECT_ID: 'stubproject',
    SANITY_DATASET: 'production',
    SANITY_API_HOST: stub.url,
    SANITY_TIMEOUT_MS: '5000',
    SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  app = await startRemixApp();
});

afterAll(async () => {
  await app?.close();
  await stub?.close();
  env?.restore();
  dataset?.remove();
});

/** Sanity's webhook after a publish: the cache is marked stale and must be fetched again. */
async function publishWebhook() {
  const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings', operation: 'update' });
  const signature = await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET);
  const response = await app.request('/api/revalidate', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
    body,
  });
  expect(response.status).toBe(200);
}

const title = (html: string) => /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? '';
const heading = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '';

/** What the outage page must carry: its answer's headers, title, heading, phone and email. */
async function expectOutagePage(response: Response, contacts: typeof BUILT_IN) {
  expect(response.status).toBe(503);
  expect(response.headers.get('Retry-After')).toBe('30');
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  const html = await response.text();
  expect(title(html)).toBe('We will be right back | Business Chauffeur');
  expect(heading(html)).toBe('We will be right back');
  expect(html).toContain(`href="tel:${contacts.phone.replace(/\s/g, '')}"`);
  expect(html).toContain(`href="mailto:${contacts.email}"`);
  expect(html).not.toContain('undefined');
  return html;
}

function place(placeId: string) {
  const entry = createGazetteerPlaces().lookup(placeId);
  if (!entry) throw new Error(`not in the gazetteer: ${placeId}`);
  return { placeId, description: entry.description };
}

const quoteRequest = () => ({
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
});

describe('Sanity down since the site started (no last good copy)', () => {
  it('answers a content page with the outage page: real title, the build’s phone and email', async () => {
    const html = await expectOutagePage(await app.request('/'), BUILT_IN);
    expect(html).toContain(BUILT_IN.phone);
    await expectOutagePage(await app.request('/fleet'), BUILT_IN);
  });

  it('serves /booking with the widget, the build’s contacts, and no cache', async () => {
    const response = await app.request('/booking');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const html = await response.text();
    expect(title(html)).toMatch(/^Book your chauffeur/);
    expect(html).toContain('<chauffeur-booking');
    expect(html).toContain('src="/widget/chauffeur-booking.js"');
    expect(html).toContain(`href="tel:${BUILT_IN.phone.replace(/\s/g, '')}"`);
  });
});

describe('Sanity down after the site read its content', () => {
  beforeAll(async () => {
    stub.mode = 'ok';
    const noOtherErrors = allowFetchPriorityWarning();
    for (const path of ['/booking', '/']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      await response.text();
    }
    noOtherErrors();
    const quoted = await app.request('/api/quotes', { method: 'POST', json: quoteRequest() });
    expect(quoted.status, await quoted.clone().text()).toBe(200);
    // A publish marks every copy stale, so each read below asks Sanity, which fails.
    await publishWebhook();
    stub.mode = 'failing';
  });

  it('serves / from its last good copy, with the published contacts, cached as usual', async () => {
    const noOtherErrors = allowFetchPriorityWarning();
    const response = await app.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).not.toContain('no-store');
    const html = await response.text();
    expect(title(html)).not.toContain('right back');
    expect(html).toContain(`href="tel:${PUBLISHED.phone.replace(/\s/g, '')}"`);
    noOtherErrors();
  });

  it('answers a page it never read with the outage page and the last good phone and email', async () => {
    const before = stub.received;
    await expectOutagePage(await app.request('/faqs'), PUBLISHED);
    expect(stub.received).toBeGreaterThan(before);
  });

  it('quotes, books and takes a payment from the last good fare rules, and sends the email', async () => {
    const before = stub.received;
    const quoted = await app.request('/api/quotes', { method: 'POST', json: quoteRequest() });
    expect(quoted.status, await quoted.clone().text()).toBe(200);
    const quote = quoteResponseSchema.parse(await quoted.json());
    const vehicle = quote.vehicles[0];
    expect(vehicle).toBeDefined();

    const booked = await app.request('/api/bookings', {
      method: 'POST',
      json: {
        quoteToken: quote.quoteToken,
        vehicleId: vehicle?.id,
        passenger: {
          firstName: 'Ngaio',
          lastName: 'Walker',
          email: 'outage.booking@example.com',
          countryCode: '+61',
          mobileNumber: '0412345678',
        },
        onBehalf: false,
        bookingPerson: null,
      },
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const booking = bookingResponseSchema.parse(await booked.json());
    const paid = await app.request(`/api/bookings/${booking.bookingId}/sandbox-confirm`, {
      method: 'POST',
      json: {
        clientSecret: booking.payment.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
        termsAccepted: true,
      },
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(paymentStatusResponseSchema.parse(await paid.json()).status).toBe('CONFIRMED');

    const emails = (await listOutbox(outboxPath(env.dataDir))).filter((entry) =>
      entry.subject.includes(booking.bookingReferenceId),
    );
    expect(emails).toHaveLength(1);
    // Sanity was asked all along, and failed.
    expect(stub.received).toBeGreaterThan(before);
  });
});
