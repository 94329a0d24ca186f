// Pages by address through the Sanity adapter, against a local stub of Sanity's query API that
// answers from a copy of the seed dataset: the scenarios of tests/support/pages-by-address.ts,
// each made live by Sanity's signed webhook (POST /api/revalidate) with no restart; before the
// webhook the site keeps serving what it had, and an address nobody published costs no query.
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { describe, expect, it, vi } from 'vitest';
import { weddingsPage } from '../support/landing-pages';
import { pagesByAddressSuite } from '../support/pages-by-address';
import type { RemixApp } from '../support/remix-app';
import { startSanityStub, type SanityStub } from '../support/sanity-stub';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const WEBHOOK_SECRET = 'pages-by-address-webhook-secret';
let stub: SanityStub;

/** Sanity's webhook after a publish, signed with the project's secret. */
async function webhook(app: RemixApp) {
  const body = JSON.stringify({ _id: 'page.weddings', _type: 'page', operation: 'update' });
  const signature = await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET);
  const response = await app.request('/api/revalidate', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
    body,
  });
  expect(response.status).toBe(200);
}

const context = pagesByAddressSuite({
  environment: async (datasetPath) => {
    stub = await startSanityStub(datasetPath);
    return {
      SANITY_PROJECT_ID: 'stubproject',
      SANITY_DATASET: 'production',
      SANITY_API_HOST: stub.url,
      SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SANITY_TIMEOUT_MS: '5000',
    };
  },
  publish: webhook,
  close: async () => stub?.close(),
});

describe('on Sanity', () => {
  it('keeps the addresses it had until the webhook, then serves the new page without a restart', async () => {
    const { app, seed } = context;
    // The site has read the index of the content as it is now (whatever the tests before left).
    await webhook(app);
    await (await app.request('/limousines')).arrayBuffer();
    seed.addDocuments([
      weddingsPage({ _id: 'page.limousines', route: { _type: 'slug', current: 'limousines' } }),
    ]);
    const before = await app.request('/limousines');
    await before.arrayBuffer();
    expect(before.status).toBe(404);
    await webhook(app);
    const after = await app.request('/limousines');
    await after.arrayBuffer();
    expect(after.status).toBe(200);
  });

  it('answers addresses nobody published from the index it has, asking Sanity nothing', async () => {
    const { app } = context;
    await (await app.request('/no-such-page')).arrayBuffer();
    const asked = stub.received;
    for (let index = 0; index < 100; index += 1) {
      const response = await app.request(
        `/made-up-${index}-${Math.random().toString(36).slice(2)}`,
      );
      await response.arrayBuffer();
      expect(response.status).toBe(404);
    }
    expect(stub.received).toBe(asked);
  });
});
