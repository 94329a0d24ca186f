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
    // The pages write their CSS into <style> elements in the head (decision 013); inline styles
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

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function escapeHtml(text) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

/**
 * A form posted to one of our pages from another site. Remix refuses such a post (its check on
 * the Origin and Host headers) with an empty 500; this answers it first, the same way, with a 403
 * page that says what to do. `Origin: null` (a sandboxed frame, a data: page, a redirect across
 * sites) is no page of ours either. The JSON API (/api/…) has its own CORS rules for partner sites.
 */
export function isCrossSiteFormPost(request) {
  if (!UNSAFE_METHODS.has(request.method) || request.path.startsWith('/api/')) return false;
  const origin = request.get('origin');
  if (!origin) return false;
  if (origin === 'null') return true;
  const host = (request.get('x-forwarded-host') ?? request.get('host') ?? '').split(',')[0].trim();
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export function refuseCrossSiteFormPosts() {
  return (request, response, next) => {
    if (!isCrossSiteFormPost(request)) return next();
    const page = escapeHtml(request.path);
    response
      .status(403)
      .set('Cache-Control', 'private, no-store')
      .type('html')
      .send(
        `<!DOCTYPE html><html lang="en-AU"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>Please send this form from our website | Business Chauffeur</title></head>` +
          `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">` +
          `<h1>Please send this form from our website</h1>` +
          `<p>For your security, Business Chauffeur only accepts forms sent from its own pages, ` +
          `and this one came from another site. Nothing was saved or changed.</p>` +
          `<p><a href="${page}">Open the form on our website</a></p></body></html>`,
      );
  };
}
