// Security headers for every response (helmet), and the Content-Security-Policy of the site's
// pages with a fresh nonce per request (index.ts passes it to Remix, which puts it on our inline
// scripts). Only the third-party origins of the hosted services in use are allowed, as the
// configuration (app/utils/env.server.ts) decides them: the same adapters the app itself uses.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../app/utils/env.server.ts';

/** The parts of the configuration the headers depend on. */
export type HeadersConfig = Pick<AppConfig, 'isProduction' | 'siteUrl' | 'payments' | 'places'>;

/** The origins each hosted service needs, added only when that service is configured. */
export function cspSources(config: Pick<AppConfig, 'payments' | 'places'>) {
  const stripe = config.payments.adapter === 'stripe';
  const maps = config.places.adapter === 'google' && Boolean(config.places.embedKey);
  return {
    script: stripe ? ['https://js.stripe.com'] : [],
    connect: stripe ? ['https://api.stripe.com'] : [],
    frame: [
      ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
      ...(maps ? ['https://www.google.com'] : []),
    ],
    img: ['https://cdn.sanity.io', ...(stripe ? ['https://*.stripe.com'] : [])],
  };
}

const nonces = new WeakMap<ServerResponse, string>();

/** 128 random bits per nonce, cut from a pool filled 512 nonces at a time (one call, not one each). */
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let noncePoolOffset = 0;
function freshNonce(): string {
  if (noncePoolOffset >= noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 512);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString('base64', noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

/** The CSP nonce made for this response ('' before securityHeaders ran). */
export function cspNonceOf(response: ServerResponse): string {
  return nonces.get(response) ?? '';
}

/** The CSP directives, with the nonce as a function of the response (helmet calls it). */
export function cspDirectives(config: Pick<AppConfig, 'payments' | 'places'>) {
  const sources = cspSources(config);
  return {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      (_request: unknown, response: ServerResponse) => `'nonce-${cspNonceOf(response)}'`,
      ...sources.script,
    ],
    // The pages write their CSS into <style> elements in the head
    // (docs/decisions/013-styles-inlined-in-the-head.md); inline styles
    // carry no script. The widget needs none: it adopts constructable stylesheets.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...sources.img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...sources.connect],
    'frame-src': sources.frame.length > 0 ? sources.frame : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
  };
}

const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=(), payment=(self "https://js.stripe.com")';

/**
 * Express middleware. In production the CSP is on (Vite's dev server injects its own scripts), and
 * HSTS when the site is served over https. Helmet's other headers are off: the site sends exactly
 * the set described in docs/decisions/021-libraries-for-headers-and-limits.md.
 */
export function securityHeaders(config: HeadersConfig): RequestHandler {
  const https = config.siteUrl.startsWith('https://');
  const headers = helmet({
    contentSecurityPolicy: config.isProduction
      ? { useDefaults: false, directives: cspDirectives(config) }
      : false,
    strictTransportSecurity:
      config.isProduction && https ? { maxAge: 63072000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xPoweredBy: true,
  });
  return (request, response, next) => {
    nonces.set(response, freshNonce());
    response.set('Permissions-Policy', PERMISSIONS_POLICY);
    headers(request, response, next);
  };
}
