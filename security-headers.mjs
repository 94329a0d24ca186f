// Security headers for every response, and the Content-Security-Policy of the site's pages with a
// fresh nonce per request (server.mjs passes it to Remix, which puts it on our inline scripts).
// Only the third-party origins of the hosted services in use are allowed.
import { randomBytes } from 'node:crypto';

/** The origins each hosted service needs, added only when that service is configured. */
export function cspSources(env) {
  const stripe = Boolean(env.STRIPE_SECRET_KEY);
  const maps = Boolean(env.GOOGLE_MAPS_EMBED_KEY);
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

export function contentSecurityPolicy(nonce, env) {
  const sources = cspSources(env);
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, ...sources.script],
    // The widget styles its shadow root with <style> elements; inline styles carry no script.
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
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Express middleware. `production` turns on the CSP (Vite's dev server injects its own scripts)
 * and HSTS when the site is served over https.
 */
export function securityHeaders({ production, env }) {
  const https = (env.SITE_URL ?? '').startsWith('https://');
  return (request, response, next) => {
    const nonce = randomBytes(16).toString('base64');
    response.locals.cspNonce = nonce;
    response.set('X-Content-Type-Options', 'nosniff');
    response.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    response.set(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=(), payment=(self "https://js.stripe.com")',
    );
    response.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (production) {
      response.set('Content-Security-Policy', contentSecurityPolicy(nonce, env));
      if (https) response.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    }
    next();
  };
}
