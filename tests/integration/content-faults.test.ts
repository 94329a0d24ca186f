// Sanity failing or slow, injected for real at the HTTP boundary (a local stub of its query API
// answering from the seed dataset) and seen through the site's real Remix request handler: pages
// keep serving the last good content; with nothing cached yet, a friendly 503 page that no cache
// keeps, naming the phone number.
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { allowFetchPriorityWarning } from '../support/react-dev-warnings';
import { startSanityStub, type SanityStub } from '../support/sanity-stub';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

const WEBHOOK_SECRET = 'content-faults-webhook-secret';
let stub: SanityStub;
let env: TestEnvironment;
let app: RemixApp;

beforeAll(async () => {
  stub = await startSanityStub();
  env = useTestEnvironment({
    SANITY_PROJECT_ID: 'stubproject',
    SANITY_DATASET: 'production',
    SANITY_API_HOST: stub.url,
    SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SANITY_TIMEOUT_MS: '5000',
  });
  app = await startRemixApp();
});

afterAll(async () => {
  await app?.close();
  await stub?.close();
  env?.restore();
});

const heading = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '';

/** Sanity's webhook after a publish: the cache is marked stale and must be fetched again. */
async function publishWebhook() {
  const body = JSON.stringify({ _id: 'page.home', _type: 'page', operation: 'update' });
  const timestamp = Date.now();
  const signature = await encodeSignatureHeader(body, timestamp, WEBHOOK_SECRET);
  const response = await app.request('/api/revalidate', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
    body,
  });
  expect(response.status).toBe(200);
}

describe('content when Sanity fails', () => {
  const pages = ['/', '/fleet', '/faqs'];
  const good = new Map<string, string>();

  it('shows a friendly 503 page, kept by no cache, when Sanity fails and nothing is cached', async () => {
    stub.mode = 'failing';
    for (const path of pages) {
      const response = await app.request(path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('Cache-Control'), path).toBe('private, no-store');
      const html = await response.text();
      expect(heading(html), path).toBe('We will be right back');
      expect(html, path).not.toContain('Something went wrong');
    }
    expect(stub.received).toBeGreaterThan(0);
  });

  it('serves the pages again as soon as Sanity answers', async () => {
    stub.mode = 'ok';
    const noOtherErrors = allowFetchPriorityWarning();
    for (const path of pages) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(heading(html), path).not.toBe('');
      good.set(path, heading(html));
    }
    noOtherErrors();
  });

  it('serves the last good content when Sanity fails after a publish', async () => {
    await publishWebhook();
    stub.mode = 'failing';
    const before = stub.received;
    for (const path of pages) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(heading(await response.text()), path).toBe(good.get(path));
    }
    // Sanity was asked (the copies were stale) and failed: the pages are the last good ones.
    expect(stub.received).toBeGreaterThan(before);
  });

  it('serves the last good content without waiting for a slow Sanity', async () => {
    await publishWebhook();
    stub.mode = 'slow';
    try {
      for (const path of pages) {
        const response = await app.request(path);
        expect(response.status, path).toBe(200);
        expect(heading(await response.text()), path).toBe(good.get(path));
      }
      // The pages were served while Sanity still held the requests.
      expect(stub.received).toBeGreaterThan(stub.answered);
    } finally {
      stub.release();
    }
  });
});
