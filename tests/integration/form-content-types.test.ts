// Form posts of content types no HTML form sends, on a real Express server with the site's edge
// middleware and the real Remix build (as server/index.ts mounts them), from a client that names
// the site's own address (SITE_URL) as its Origin while sending to another Host, so the origin
// checks let it through: text/plain, JSON or no type at all is answered 415 and a multipart body
// that cannot be parsed 400, each with the form's own page and a message, never a 500 or a stack.
// A well-formed multipart post is read like the urlencoded one. The JSON API answers such bodies
// with its 400, never a 500.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { discardUnreadBodies, limitFormBodies } from '../../server/body-limits';
import { refuseCrossSiteFormPosts } from '../../server/cross-site-forms';
import { remixHandler } from '../../server/remix-handler';
import { loadServerBuild } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const SITE_URL = 'https://www.businesschauffeur.example';
const FORM_ROUTES = [
  '/contact',
  '/signin',
  '/signup',
  '/chauffeur',
  '/manage-booking',
  '/reset-password',
];
const UNSUPPORTED = 'This form was sent in a way our website cannot read, so nothing was saved.';
const UNREADABLE = 'This form arrived incomplete, so nothing was saved.';

const env = useTestEnvironment({ SITE_URL });
let vite: ViteDevServer;
let server: Server;
let base: string;
let clientNumber = 0;

beforeAll(async () => {
  const loaded = await loadServerBuild();
  vite = loaded.vite;
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(discardUnreadBodies());
  app.use(refuseCrossSiteFormPosts({ siteUrl: SITE_URL }));
  app.use(limitFormBodies());
  app.all(
    '*',
    remixHandler({
      build: loaded.build,
      mode: 'production',
      siteUrl: SITE_URL,
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

/** A post from SITE_URL's pages (its Origin) that reaches this server under its own Host. */
function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  clientNumber += 1;
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      Origin: SITE_URL,
      // Each post its own client, so the forms' rate limits never answer first.
      'X-Forwarded-For': `198.51.100.${clientNumber}`,
      ...headers,
    },
    body,
    redirect: 'manual',
  });
}

/** The site's page for the form, with `message` shown, and nothing of the server's internals. */
async function expectFormPage(response: Response, status: number, message: string) {
  const html = await response.text();
  expect(response.status, html.slice(0, 500)).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(html).toMatch(/^<!DOCTYPE html>/i);
  expect(html).toContain('Business Chauffeur');
  expect(html).toContain(message);
  expect(html).not.toMatch(/\.ts:\d+:\d+|\bat \w+ \(|TypeError|Could not parse/);
}

describe('a form post of another content type', () => {
  it.each(FORM_ROUTES)('text/plain to %s: 415 with the page', async (path) => {
    const response = await post(path, 'email=a%40example.com&password=x', {
      'Content-Type': 'text/plain;charset=UTF-8',
    });
    await expectFormPage(response, 415, UNSUPPORTED);
  });

  it.each(FORM_ROUTES)('JSON to %s: 415 with the page', async (path) => {
    const response = await post(path, JSON.stringify({ email: 'a@example.com' }), {
      'Content-Type': 'application/json',
    });
    await expectFormPage(response, 415, UNSUPPORTED);
  });

  it.each(FORM_ROUTES)('no content type to %s: 415 with the page', async (path) => {
    const response = await post(path, new TextEncoder().encode('email=a%40example.com'));
    expect(response.status).toBe(415);
    expect(await response.text()).toContain(UNSUPPORTED);
  });

  it.each(FORM_ROUTES)('multipart without its boundary to %s: 400 with the page', async (path) => {
    const response = await post(path, 'email=a%40example.com', {
      'Content-Type': 'multipart/form-data',
    });
    await expectFormPage(response, 400, UNREADABLE);
  });

  it.each(FORM_ROUTES)(
    'a urlencoded body sent as multipart to %s: 400 with the page',
    async (path) => {
      const response = await post(path, 'email=a%40example.com&password=x', {
        'Content-Type': 'multipart/form-data; boundary=----formdata-boundary',
      });
      await expectFormPage(response, 400, UNREADABLE);
    },
  );

  it('a well-formed multipart sign-in is read like the urlencoded one', async () => {
    const form = new FormData();
    form.set('intent', 'signin');
    form.set('email', 'multipart@example.com');
    form.set('password', 'Wrong#Guess1');
    const response = await post('/signin?resetFlag=false', form);
    const html = await response.text();
    expect(response.status).toBe(401);
    expect(html).toContain('multipart@example.com');
  });

  it('a file posted where a form expects text is the form’s own field message', async () => {
    const form = new FormData();
    form.set('intent', 'signin');
    form.set('email', new Blob(['a@example.com'], { type: 'text/plain' }), 'email.txt');
    form.set('password', 'Wrong#Guess1');
    const response = await post('/signin?resetFlag=false', form);
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/\bat \w+ \(|TypeError/);
  });

  it('the same post as a data request (single fetch) is refused with 415 too', async () => {
    const response = await post('/contact.data', 'message=hello', {
      'Content-Type': 'text/plain;charset=UTF-8',
    });
    expect(response.status).not.toBe(500);
    expect(await response.text()).toContain(UNSUPPORTED);
  });
});

describe('a form from SITE_URL’s pages under another Host', () => {
  // Remix's own guard compares the Origin with the Host (or X-Forwarded-Host) and answers an empty
  // 500 when they differ; our origin rule has already accepted SITE_URL.
  const signInForm = 'intent=signin&email=proxied%40example.com&password=Wrong%23Guess1';
  const urlencoded = { 'Content-Type': 'application/x-www-form-urlencoded' };

  it('is answered by the page, as under the site’s own host', async () => {
    const response = await post('/signin?resetFlag=false', signInForm, urlencoded);
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('proxied@example.com');
  });

  it('is answered by the page when a proxy names its own host in X-Forwarded-Host', async () => {
    const response = await post('/signin?resetFlag=false', signInForm, {
      ...urlencoded,
      'X-Forwarded-Host': 'internal-balancer.example:8080',
    });
    expect(response.status).toBe(401);
  });

  it('still refuses another site’s origin before the page', async () => {
    const response = await post('/signin?resetFlag=false', signInForm, {
      ...urlencoded,
      Origin: 'https://www.businesschauffeur.example.attacker.example',
    });
    expect(response.status).toBe(403);
  });
});

describe('the JSON API and other content types', () => {
  const bodies: [string, BodyInit, Record<string, string>][] = [
    ['a form', 'email=a%40example.com', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['multipart without boundary', 'x', { 'Content-Type': 'multipart/form-data' }],
    ['text', 'hello', { 'Content-Type': 'text/plain' }],
    ['nothing', new Uint8Array(0), {}],
  ];
  const endpoints = [
    '/api/quotes',
    '/api/bookings',
    '/api/bookings/lookup',
    '/api/bookings/no-such-booking/promo',
    '/api/bookings/no-such-booking/sandbox-confirm',
    '/api/bookings/no-such-booking/terms',
    '/api/vitals',
  ];
  it.each(endpoints)('%s answers each with a JSON 400, never a 500', async (path) => {
    for (const [name, body, headers] of bodies) {
      // From the site's own page, and from SITE_URL's under another Host.
      for (const origin of [base, SITE_URL]) {
        const response = await post(path, body, { Origin: origin, ...headers });
        expect(response.status, `${name} to ${path} from ${origin}`).toBe(400);
        expect(response.headers.get('content-type'), name).toMatch(/^application\/json/);
      }
    }
  });
});
