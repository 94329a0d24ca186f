// Form posts and request bodies at the edge, on a real Express server with the site's middleware
// and the real Remix build, as server/index.ts mounts them: oversized bodies are refused with 413
// before Remix (or memory) gets them, with or without Content-Length; the JSON API answers its own
// 413 on a chunked body instead of dropping the connection; a post with `Origin: null` is
// refused like any other site's.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { discardUnreadBodies, FORM_BODY_LIMIT, limitFormBodies } from '../../server/body-limits';
import { refuseCrossSiteFormPosts } from '../../server/cross-site-forms';
import { remixHandler } from '../../server/remix-handler';
import { loadServerBuild } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const FORM_ROUTES = [
  '/signup',
  '/signin',
  '/contact',
  '/manage-booking',
  '/reset-password',
  '/chauffeur',
];

const env = useTestEnvironment();
let vite: ViteDevServer;
let server: Server;
let base: string;
/** Requests with a body that got past the edge middleware to Remix. */
let reachedRemix = 0;

beforeAll(async () => {
  const loaded = await loadServerBuild();
  vite = loaded.vite;
  const { build } = loaded;
  const app = express();
  app.use(discardUnreadBodies());
  app.use(refuseCrossSiteFormPosts({ siteUrl: 'https://www.businesschauffeur.example' }));
  app.use(limitFormBodies());
  app.use((request, _response, next) => {
    if (request.method === 'POST') reachedRemix += 1;
    next();
  });
  app.all(
    '*',
    remixHandler({
      build,
      mode: 'production',
      siteUrl: 'https://www.businesschauffeur.example',
      getLoadContext: (request: express.Request) => ({ clientAddress: request.ip, cspNonce: '' }),
    }),
  );
  // Express's own handler is silent under NODE_ENV=test; an error here must fail the test.
  app.use(
    (error: unknown, _request: express.Request, response: express.Response, _next: unknown) => {
      console.error(error);
      response.status(500).end();
    },
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await vite?.close();
  env.restore();
});

/** A form body of `bytes` bytes: one long field, as a browser would encode it. */
const formBody = (bytes: number) => `message=${'a'.repeat(bytes - 'message='.length)}`;

/** The same body sent in 4 kB chunks, without Content-Length (Transfer-Encoding: chunked). */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 4096));
      offset += 4096;
      return undefined;
    },
  });
}

function post(path: string, body: string | ReadableStream<Uint8Array>, headers = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      Origin: base,
      'Content-Type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body,
    redirect: 'manual',
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  } as RequestInit);
}

describe('form bodies', () => {
  it.each(FORM_ROUTES)('refuses 100 kB posted to %s with Content-Length, unread', async (path) => {
    const before = reachedRemix;
    const response = await post(path, formBody(100 * 1024));
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('This form is too large');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(reachedRemix).toBe(before);
  });

  it.each(FORM_ROUTES)('refuses 100 kB sent to %s in chunks, unread', async (path) => {
    const before = reachedRemix;
    const response = await post(path, chunked(formBody(100 * 1024)));
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('This form is too large');
    expect(reachedRemix).toBe(before);
  });

  it('passes a form within the limit to the page, sent whole or in chunks', async () => {
    for (const body of [
      'email=nobody%40example.com&password=',
      chunked('email=nobody%40example.com&password='),
    ]) {
      const before = reachedRemix;
      const response = await post('/signin', body);
      const html = await response.text();
      expect(reachedRemix).toBe(before + 1);
      // The page read the form: it answers the empty password field.
      expect(response.status).toBe(400);
      expect(html).toContain('nobody@example.com');
    }
    expect(FORM_BODY_LIMIT).toBe(64 * 1024);
  });
});

describe('JSON API bodies', () => {
  it('answers a 40 kB chunked body to /api/quotes with a 413 JSON error', async () => {
    const json = JSON.stringify({ pickup: 'x'.repeat(40 * 1024) });
    const response = await post('/api/quotes', chunked(json), {
      'Content-Type': 'application/json',
    });
    expect(response.status).toBe(413);
    await expect(response.json()).resolves.toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large.' },
    });
  });
});

describe('cross-site form posts', () => {
  it.each(['https://attacker.example', 'https://127.0.0.1.attacker.example', 'null'])(
    'refuses a post with Origin %s before Remix',
    async (origin) => {
      const before = reachedRemix;
      const response = await post('/contact', 'message=hello', { Origin: origin });
      expect(response.status).toBe(403);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(await response.text()).toContain(
        '<a href="/contact">Open the form on our website</a>',
      );
      expect(reachedRemix).toBe(before);
    },
  );

  it('refuses this host under another scheme, which Remix’s own check lets through', async () => {
    const before = reachedRemix;
    const response = await post('/contact', 'message=hello', {
      Origin: base.replace('http:', 'https:'),
    });
    expect(response.status).toBe(403);
    expect(reachedRemix).toBe(before);
  });

  it('leaves a post without Origin to the page, which applies the same rule to its Referer', async () => {
    const body = 'email=nobody%40example.com&password=';
    const noOrigin = (headers: Record<string, string>) =>
      fetch(`${base}/signin`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body,
        redirect: 'manual',
      });
    const before = reachedRemix;
    expect((await noOrigin({ Referer: `${base}/signin` })).status).toBe(400);
    const foreign = await noOrigin({ Referer: 'https://attacker.example/page' });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain('This form was sent from another site');
    const neither = await noOrigin({});
    expect(neither.status).toBe(403);
    expect(reachedRemix).toBe(before + 3);
  });
});

describe('Origin: null', () => {
  it.each(FORM_ROUTES)('refuses a post to %s with 403, like any other site', async (path) => {
    const before = reachedRemix;
    const response = await post(path, 'email=a%40example.com', { Origin: 'null' });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Please send this form from our website');
    expect(reachedRemix).toBe(before);
  });
});
