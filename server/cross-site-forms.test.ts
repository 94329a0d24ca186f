// The cross-site form check in front of Remix: the app's one rule (app/utils/form-origin.server.ts)
// applied to the address as Express sees it, behind a trusted proxy or not.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCrossSiteFormPost, requestOrigin } from './cross-site-forms.ts';

const SITE = 'https://www.businesschauffeur.example';
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  // The test's own requests come from loopback, which this setting trusts (the default).
  app.set('trust proxy', 'loopback');
  app.all('*', (request, response) => {
    response.json({
      origin: requestOrigin(request),
      crossSite: isCrossSiteFormPost(request, SITE),
    });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function ask(path: string, headers: Record<string, string>, method = 'POST') {
  const response = await fetch(`${base}${path}`, { method, headers });
  return (await response.json()) as { origin: string; crossSite: boolean };
}

describe('requestOrigin', () => {
  it('is the address the request was sent to', async () => {
    expect((await ask('/contact', {})).origin).toBe(base);
  });

  it('believes a trusted proxy’s forwarded host and scheme, as Remix’s adapter does', async () => {
    // Like the adapter, it takes the port from the forwarded host, else from the Host header.
    const seen = await ask('/contact', {
      'X-Forwarded-Host': 'www.businesschauffeur.example:443',
      'X-Forwarded-Proto': 'https',
    });
    expect(new URL(seen.origin).origin).toBe(SITE);
  });
});

describe('isCrossSiteFormPost', () => {
  it('refuses another site, "null", a look-alike and this host under another scheme', async () => {
    for (const origin of [
      'https://attacker.example',
      'null',
      'https://www.businesschauffeur.example.attacker.example',
      base.replace('http:', 'https:'),
    ]) {
      expect((await ask('/contact', { Origin: origin })).crossSite, origin).toBe(true);
    }
  });

  it('accepts this site, by the address the request was sent to or by SITE_URL', async () => {
    expect((await ask('/contact', { Origin: base })).crossSite).toBe(false);
    expect((await ask('/contact', { Origin: SITE })).crossSite).toBe(false);
  });

  it('leaves posts without an Origin, the JSON API and safe methods to others', async () => {
    expect((await ask('/contact', { Referer: 'https://attacker.example/' })).crossSite).toBe(false);
    expect((await ask('/api/quotes', { Origin: 'https://partner.example' })).crossSite).toBe(false);
    expect((await ask('/contact', { Origin: 'null' }, 'GET')).crossSite).toBe(false);
  });
});
