// The Sanity adapter against a local stub of Sanity's query API: what it sends, and how its cache
// keeps the site up when Sanity fails, is slow or never answers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentUnavailableError } from '~/content/content-source.server';
import {
  createSanityContentSource,
  type SanityContentOptions,
} from '~/content/sanity-content-source.server';

type Handler = (request: IncomingMessage, response: ServerResponse, url: URL) => void;

const API_VERSION = '2025-02-19';
const DATASET = 'production';
const QUERY = '*[_type == $type][0...$limit]{name}';

let handler: Handler;
let hits: URL[] = [];
let apiHost = '';
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://stub');
  hits.push(url);
  handler(request, response, url);
});

/** Answers like Sanity's query endpoint does. */
function answer(result: unknown, { status = 200, delayMs = 0 } = {}): Handler {
  return (_request, response, url) => {
    setTimeout(() => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          status === 200
            ? { query: url.searchParams.get('query'), result, ms: 1 }
            : { error: { description: 'Internal error', type: 'internalError' } },
        ),
      );
    }, delayMs);
  };
}

/** Never answers: the adapter's own timeout has to end the request. */
const hang: Handler = () => {};

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

beforeEach(() => {
  hits = [];
  handler = answer(null);
});

function setup(overrides: Partial<SanityContentOptions> = {}) {
  let clock = 1_000_000;
  const logger = { warn: vi.fn() };
  const source = createSanityContentSource({
    projectId: 'stubproject',
    dataset: DATASET,
    apiVersion: API_VERSION,
    apiHost,
    timeoutMs: 2_000,
    freshForMs: 60_000,
    staleAfterMs: 1_000,
    now: () => clock,
    logger,
    ...overrides,
  });
  return {
    source,
    logger,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const params = { type: 'service', limit: 3 };

describe('Sanity content source', () => {
  it('queries the published perspective of the dataset at the pinned API version', async () => {
    handler = answer([{ name: 'Airport transfers' }]);
    const { source, logger } = setup();

    await expect(source.fetch(QUERY, params)).resolves.toEqual([{ name: 'Airport transfers' }]);

    expect(hits).toHaveLength(1);
    const [url] = hits as [URL];
    expect(url.pathname).toBe(`/v${API_VERSION}/data/query/${DATASET}`);
    expect(url.searchParams.get('query')).toBe(QUERY);
    // Params travel JSON-encoded, each under its name with a `$` prefix.
    expect(url.searchParams.get('$type')).toBe('"service"');
    expect(url.searchParams.get('$limit')).toBe('3');
    expect(url.searchParams.get('perspective')).toBe('published');
    expect(logger.warn).not.toHaveBeenCalled();
    expect(source.kind).toBe('sanity');
  });

  it('serves a second call within the freshness period from the cache', async () => {
    handler = answer({ name: 'Business Chauffeur' });
    const { source, advance } = setup({ freshForMs: 1_000 });

    await source.fetch(QUERY, params);
    advance(999);
    await expect(source.fetch(QUERY, params)).resolves.toEqual({ name: 'Business Chauffeur' });
    expect(hits).toHaveLength(1);

    // Other params are another result.
    await source.fetch(QUERY, { ...params, limit: 4 });
    expect(hits).toHaveLength(2);

    advance(1);
    await source.fetch(QUERY, params);
    expect(hits).toHaveLength(3);
  });

  it('shares one request between callers that arrive together', async () => {
    handler = answer({ name: 'Business Chauffeur' }, { delayMs: 20 });
    const { source } = setup();

    const results = await Promise.all([source.fetch(QUERY, params), source.fetch(QUERY, params)]);
    expect(results).toEqual([{ name: 'Business Chauffeur' }, { name: 'Business Chauffeur' }]);
    expect(hits).toHaveLength(1);
  });

  it('asks Sanity again after invalidate()', async () => {
    handler = answer({ name: 'Old name' });
    const { source } = setup();
    await source.fetch(QUERY, params);

    handler = answer({ name: 'New name' });
    source.invalidate();

    await expect(source.fetch(QUERY, params)).resolves.toEqual({ name: 'New name' });
    expect(hits).toHaveLength(2);
    // Fresh again: the next call is served from the cache.
    await source.fetch(QUERY, params);
    expect(hits).toHaveLength(2);
  });

  it('does not trust as fresh an answer to a request sent before invalidate()', async () => {
    handler = answer({ name: 'Old name' }, { delayMs: 30 });
    const { source } = setup();
    const first = source.fetch(QUERY, params);
    // The webhook arrives while the first request is under way.
    source.invalidate();
    await expect(first).resolves.toEqual({ name: 'Old name' });

    handler = answer({ name: 'New name' });
    await expect(source.fetch(QUERY, params)).resolves.toEqual({ name: 'New name' });
    expect(hits).toHaveLength(2);
  });

  it('serves the last good result when Sanity fails', async () => {
    handler = answer({ name: 'Business Chauffeur' });
    const { source, logger, advance } = setup({ freshForMs: 100 });
    await source.fetch(QUERY, params);

    handler = answer(null, { status: 500 });
    advance(101);
    await expect(source.fetch(QUERY, params)).resolves.toEqual({ name: 'Business Chauffeur' });
    expect(hits).toHaveLength(2);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('last good copy'));

    // Still served after a webhook marked it stale.
    source.invalidate();
    await expect(source.fetch(QUERY, params)).resolves.toEqual({ name: 'Business Chauffeur' });
    expect(hits).toHaveLength(3);
  });

  it('serves the stale copy quickly when Sanity is slower than staleAfterMs, and refreshes behind', async () => {
    handler = answer({ name: 'Old name' });
    const { source, logger } = setup({ staleAfterMs: 30 });
    await source.fetch(QUERY, params);
    source.invalidate();

    let answered = false;
    const slow = answer({ name: 'New name' }, { delayMs: 200 });
    handler = (request, response, url) => {
      response.on('finish', () => (answered = true));
      slow(request, response, url);
    };
    await expect(source.fetch(QUERY, params)).resolves.toEqual({ name: 'Old name' });
    // Served before Sanity answered, not after.
    expect(answered).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('slow'));

    // The request went on in the background and refreshed the cache.
    await vi.waitFor(
      async () => expect(await source.fetch(QUERY, params)).toEqual({ name: 'New name' }),
      { timeout: 2_000, interval: 20 },
    );
    expect(hits).toHaveLength(2);
  });

  it('throws ContentUnavailableError when Sanity fails and nothing is cached', async () => {
    handler = answer(null, { status: 500 });
    const { source, logger } = setup();

    await expect(source.fetch(QUERY, params)).rejects.toBeInstanceOf(ContentUnavailableError);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('no cached copy'));

    // The failure is not cached: the next call asks again and can succeed.
    handler = answer({ name: 'Business Chauffeur' });
    await expect(source.fetch(QUERY, params)).resolves.toEqual({ name: 'Business Chauffeur' });
    expect(hits).toHaveLength(2);
  });

  it('throws ContentUnavailableError when Sanity never answers and nothing is cached', async () => {
    handler = hang;
    const { source } = setup({ timeoutMs: 40 });

    const started = performance.now();
    await expect(source.fetch(QUERY, params)).rejects.toBeInstanceOf(ContentUnavailableError);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('serves the cached copy when a request times out', async () => {
    handler = answer({ name: 'Business Chauffeur' });
    // staleAfterMs is longer than the timeout, so it is the timeout that ends the wait.
    const { source, logger, advance } = setup({
      timeoutMs: 40,
      staleAfterMs: 5_000,
      freshForMs: 10,
    });
    await source.fetch(QUERY, params);

    handler = hang;
    advance(11);
    const started = performance.now();
    await expect(source.fetch(QUERY, params)).resolves.toEqual({ name: 'Business Chauffeur' });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(hits).toHaveLength(2);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('failed'));
  });

  it('keeps at most maxEntries results, dropping the least recently used', async () => {
    handler = (_request, response, url) =>
      answer({ limit: Number(url.searchParams.get('$limit')) })(_request, response, url);
    const { source } = setup({ maxEntries: 2 });

    await source.fetch(QUERY, { ...params, limit: 1 });
    await source.fetch(QUERY, { ...params, limit: 2 });
    await source.fetch(QUERY, { ...params, limit: 1 }); // used again: now the most recent
    await source.fetch(QUERY, { ...params, limit: 3 }); // evicts limit 2
    expect(hits).toHaveLength(3);

    await expect(source.fetch(QUERY, { ...params, limit: 1 })).resolves.toEqual({ limit: 1 });
    expect(hits).toHaveLength(3);
    await expect(source.fetch(QUERY, { ...params, limit: 2 })).resolves.toEqual({ limit: 2 });
    expect(hits).toHaveLength(4);
  });

  it('keeps its last good copies when an outage brings requests for made-up addresses', async () => {
    handler = (_request, response, url) =>
      answer({ limit: Number(url.searchParams.get('$limit')) })(_request, response, url);
    const { source, advance } = setup({ maxEntries: 3 });
    await source.fetch(QUERY, { ...params, limit: 1 });
    await source.fetch(QUERY, { ...params, limit: 2 });

    // Sanity goes down; a crawler asks for 20 addresses nobody has asked for before, all at once
    // (each query fails with nothing cached), then a visitor asks for the pages again.
    handler = answer(null, { status: 500, delayMs: 50 });
    const madeUp = Array.from({ length: 20 }, (_, index) =>
      source.fetch(QUERY, { ...params, limit: 100 + index }),
    );
    for (const request of madeUp)
      await expect(request).rejects.toBeInstanceOf(ContentUnavailableError);
    advance(120_000);
    await expect(source.fetch(QUERY, { ...params, limit: 1 })).resolves.toEqual({ limit: 1 });
    await expect(source.fetch(QUERY, { ...params, limit: 2 })).resolves.toEqual({ limit: 2 });
  });

  it('works with a clock that starts at zero', async () => {
    handler = answer({ name: 'Business Chauffeur' });
    const { source } = setup({ now: () => 0 });
    await source.fetch(QUERY, params);
    await source.fetch(QUERY, params);
    expect(hits).toHaveLength(1);
  });
});
