// Security headers on every route, and the pages still working under the Content-Security-Policy
// (any CSP violation is a console error, which fails every browser test through the fixtures).
import { expect, test } from './fixtures';
import { CONTENT_ROUTES } from './content-pages';

const ROUTES = [
  ...CONTENT_ROUTES,
  '/booking',
  '/manage-booking',
  '/signin?resetFlag=false',
  '/signup',
  '/completion',
  '/no-such-page-here',
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

test.describe('security headers', () => {
  for (const route of ROUTES) {
    test(`${route} sends the security headers and a nonce-based CSP`, async ({ request }) => {
      const response = await request.get(route, { maxRedirects: 0 });
      const headers = response.headers();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      const csp = directives(headers['content-security-policy'] ?? '');
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      const scriptSources = csp.get('script-src') ?? [];
      expect(scriptSources).not.toContain("'unsafe-inline'");
      expect(scriptSources).not.toContain("'unsafe-eval'");
      const nonce = scriptSources.find((source) => source.startsWith("'nonce-"));
      expect(nonce, 'a nonce in script-src').toBeDefined();
      // In embedded mode no third-party script origin is allowed at all.
      expect(scriptSources.filter((source) => source.startsWith('http'))).toEqual([]);
      if ((headers['content-type'] ?? '').includes('text/html')) {
        const html = await response.text();
        const value = (nonce as string).slice("'nonce-".length, -1);
        const inline = [
          ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g),
        ];
        expect(inline.length).toBeGreaterThan(0);
        for (const [tag] of inline) expect(tag).toContain(`nonce="${value}"`);
      }
    });
  }

  test('every rendered page gets a fresh nonce', async ({ request }) => {
    // A cookie keeps the page out of shared caches (and the server's page cache): rendered anew.
    const headers = { Cookie: 'visited=1' };
    const first = (await request.get('/', { headers })).headers()['content-security-policy'];
    const second = (await request.get('/', { headers })).headers()['content-security-policy'];
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
  });

  test('a page served from the page cache keeps the nonce its scripts carry', async ({
    request,
  }) => {
    await request.get('/service-areas');
    const cached = await request.get('/service-areas');
    expect(cached.headers()['x-cache']).toBe('HIT');
    const nonce = /'nonce-([^']+)'/.exec(cached.headers()['content-security-policy'] ?? '')?.[1];
    const html = await cached.text();
    const nonces = [...html.matchAll(/<script\b[^>]*\bnonce="([^"]*)"/g)].map((match) => match[1]);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
  });

  test('a form posted from another site gets a 403 page saying what to do', async ({ request }) => {
    const response = await request.post('/contact', {
      headers: { Origin: 'https://attacker.example' },
      form: { name: 'Mallory', email: 'mallory@example.com', message: 'Hello' },
    });
    expect(response.status()).toBe(403);
    expect(response.headers()['cache-control']).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('<h1>Please send this form from our website</h1>');
    expect(html).toContain('<a href="/contact">Open the form on our website</a>');
  });

  test('a form posted with Origin: null gets the same 403 page', async ({ request }) => {
    const response = await request.post('/contact', {
      headers: { Origin: 'null' },
      form: { name: 'Mallory', email: 'mallory@example.com', message: 'Hello' },
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain('<h1>Please send this form from our website</h1>');
  });

  test('a form body over 64 kB is refused with 413', async ({ request }) => {
    const response = await request.post('/contact', {
      form: { name: 'Mallory', email: 'mallory@example.com', message: 'a'.repeat(100 * 1024) },
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain('<h1>This form is too large</h1>');
  });

  test('the password reset page is never stored and sends no Referer to other sites', async ({
    request,
  }) => {
    const response = await request.get('/reset-password?mode=resetPassword&oobCode=x');
    expect(response.headers()['cache-control']).toBe('private, no-store');
    // The page's own policy replaces the site-wide one instead of being added beside it.
    expect(response.headers()['referrer-policy']).toBe('same-origin');
  });

  test('made-up query strings are answered from the one cached page', async ({ request }) => {
    await request.get('/faqs');
    for (let index = 0; index < 5; index += 1) {
      const response = await request.get(`/faqs?x=${Math.random().toString(36).slice(2)}`);
      expect(response.headers()['x-cache']).toBe('HIT');
    }
  });

  test('the booking API answers other sites under its own CORS rules', async ({ request }) => {
    const response = await request.post('/api/quotes', {
      headers: { Origin: 'https://attacker.example' },
      data: {},
    });
    expect(await response.json()).toMatchObject({ error: { code: 'origin_not_allowed' } });
  });
});
