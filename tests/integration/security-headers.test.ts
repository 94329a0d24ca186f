// The security headers (server/security-headers.ts, helmet) on a real Express server: exactly the
// headers the site has always sent, a fresh nonce per response, and a CSP that allows the hosted
// services' origins only when the configuration (app/utils/env.server.ts) turns them on.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { cspNonceOf, securityHeaders, type HeadersConfig } from '../../server/security-headers';
import { ConfigError, parseEnv } from '../../app/utils/env.server';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
const MAPS = { GOOGLE_MAPS_API_KEY: 'server-key', GOOGLE_MAPS_EMBED_KEY: 'browser-key' };

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** The headers of one response from an app with only the security headers and a page. */
async function headersFor(config: HeadersConfig): Promise<{ headers: Headers; nonce: string }> {
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders(config));
  app.get('/', (_request, response) => {
    response.set('X-Nonce', cspNonceOf(response)).type('html').send('<p>ok</p>');
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server?.once('listening', resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await response.text();
  return { headers: response.headers, nonce: response.headers.get('x-nonce') ?? '' };
}

const production = (env: Record<string, string>) =>
  parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), ...env });

/** The CSP of embedded mode, exactly, for `nonce`. */
const embeddedCsp = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://cdn.sanity.io",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join(';');

describe('securityHeaders', () => {
  it('sends exactly the site’s headers, and no others of helmet’s', async () => {
    const { headers, nonce } = await headersFor(production({}));
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(headers.get('content-security-policy')).toBe(embeddedCsp(nonce));
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toBe(
      'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=(), payment=(self "https://js.stripe.com")',
    );
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    for (const name of [
      'strict-transport-security',
      'x-frame-options',
      'cross-origin-resource-policy',
      'cross-origin-embedder-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'x-powered-by',
    ]) {
      expect(headers.get(name), name).toBeNull();
    }
  });

  it('makes a fresh nonce for every response', async () => {
    const config = production({});
    const first = await headersFor(config);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    const second = await headersFor(config);
    expect(first.nonce).not.toBe(second.nonce);
  });

  it('sends HSTS only in production over https, and no CSP in development', async () => {
    const https = await headersFor(production({ SITE_URL: 'https://www.example.com' }));
    expect(https.headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
    const development = await headersFor(parseEnv({ SITE_URL: 'https://www.example.com' }));
    expect(development.headers.get('content-security-policy')).toBeNull();
    expect(development.headers.get('strict-transport-security')).toBeNull();
    expect(development.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('allows Stripe and the Maps embed only when they are configured', async () => {
    const { headers, nonce } = await headersFor(production({ ...STRIPE, ...MAPS }));
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' https://js.stripe.com;`);
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    expect(csp).toContain(
      'frame-src https://js.stripe.com https://hooks.stripe.com https://www.google.com;',
    );
    expect(csp).toContain("img-src 'self' data: https://cdn.sanity.io https://*.stripe.com;");
  });

  it('agrees with the configuration when a variable is set but blank', async () => {
    // The CSP once read STRIPE_SECRET_KEY itself, so a blank value (as a copied .env.example
    // leaves it) allowed Stripe's origins while the app, which treats blank as unset, used the
    // sandbox. Now both read the one configuration.
    const config = production({ STRIPE_SECRET_KEY: '  ', GOOGLE_MAPS_EMBED_KEY: ' ' });
    expect(config.payments.adapter).toBe('sandbox');
    const { headers, nonce } = await headersFor(config);
    expect(headers.get('content-security-policy')).toBe(embeddedCsp(nonce));
  });

  it('never starts with a half-configured service that the CSP would allow', () => {
    // One Stripe variable, or the Maps embed key alone, is refused at start-up, so there is no
    // state in which the headers and the app disagree about a service.
    expect(() => production({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
    expect(() => production({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => production({ GOOGLE_MAPS_EMBED_KEY: 'browser-key' })).toThrow(
      /GOOGLE_MAPS_API_KEY is missing/,
    );
  });
});
