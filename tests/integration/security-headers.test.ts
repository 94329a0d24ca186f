// The CSP allows the hosted services' origins only when they are configured.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../security-headers.mjs';

describe('contentSecurityPolicy', () => {
  it('allows no third-party script, frame or connection in embedded mode', () => {
    const csp = contentSecurityPolicy('abc123', {});
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('stripe');
    expect(csp).not.toContain('google');
  });

  it('allows Stripe and the Maps embed only when they are configured', () => {
    const csp = contentSecurityPolicy('n', {
      STRIPE_SECRET_KEY: 'sk_test_x',
      GOOGLE_MAPS_EMBED_KEY: 'browser-key',
    });
    expect(csp).toContain("script-src 'self' 'nonce-n' https://js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain(
      'frame-src https://js.stripe.com https://hooks.stripe.com https://www.google.com',
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
  });
});
