// Draft preview in the Sanity adapter, against a local stub of Sanity's query API: staff requests
// carry the read token and the drafts perspective and are never cached; visitors' requests never
// carry the token.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentUnavailableError } from '~/content/content-source.server';
import { createSanityContentSource } from '~/content/sanity-content-source.server';

const TOKEN = 'sk-preview-read-token';
const QUERY = '*[_type == "faqSection"][0]{title}';

interface Hit {
  url: URL;
  headers: IncomingHttpHeaders;
}

let hits: Hit[] = [];
let status = 200;
let apiHost = '';
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://stub');
  hits.push({ url, headers: request.headers });
  const perspective = url.searchParams.get('perspective');
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify(
      status === 200
        ? { result: { title: perspective === 'drafts' ? 'Draft title' : 'Published title' } }
        : { error: { description: 'Internal error' } },
    ),
  );
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  hits = [];
  status = 200;
});

function setup(readToken: string | null = TOKEN) {
  const logger = { warn: vi.fn() };
  const source = createSanityContentSource({
    projectId: 'stubproject',
    dataset: 'production',
    apiVersion: '2025-02-19',
    apiHost,
    timeoutMs: 2_000,
    readToken: readToken ?? undefined,
    logger,
  });
  return { source, logger };
}

describe('Sanity content source in preview', () => {
  it('reads drafts with the token, and published content with it too (a private dataset)', async () => {
    const { source } = setup();
    await expect(source.fetch(QUERY, {}, { preview: true })).resolves.toEqual({
      title: 'Draft title',
    });
    await expect(source.fetch(QUERY)).resolves.toEqual({ title: 'Published title' });

    const [preview, published] = hits as [Hit, Hit];
    expect(preview.url.searchParams.get('perspective')).toBe('drafts');
    expect(preview.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(published.url.searchParams.get('perspective')).toBe('published');
    expect(published.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('asks Sanity every time in preview, and keeps drafts out of the visitors’ cache', async () => {
    const { source } = setup();
    await source.fetch(QUERY);
    await source.fetch(QUERY, {}, { preview: true });
    await source.fetch(QUERY, {}, { preview: true });
    expect(hits).toHaveLength(3);
    // The visitors' copy is still the published one, served from the cache.
    await expect(source.fetch(QUERY)).resolves.toEqual({ title: 'Published title' });
    expect(hits).toHaveLength(3);
  });

  it('fails as unavailable (never with a stale published copy) when Sanity fails', async () => {
    const { source, logger } = setup();
    await source.fetch(QUERY);
    status = 500;
    await expect(source.fetch(QUERY, {}, { preview: true })).rejects.toBeInstanceOf(
      ContentUnavailableError,
    );
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('preview'));
  });

  it('refuses preview without a read token, without asking Sanity', async () => {
    const { source } = setup(null);
    await expect(source.fetch(QUERY, {}, { preview: true })).rejects.toBeInstanceOf(
      ContentUnavailableError,
    );
    expect(hits).toHaveLength(0);
  });
});
