import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '~/content/site-settings.server';
import { EmailText, SiteFooter } from './site-footer';
import { StoreNoticeProvider } from './store-badges';

function render(settings: SiteSettings | null) {
  return renderToString(
    <StaticRouter location="/">
      <StoreNoticeProvider>
        <SiteFooter settings={settings} />
      </StoreNoticeProvider>
    </StaticRouter>,
  );
}

const settings = {
  name: 'Business Chauffeur',
  phone: '1300 975 707',
  email: 'bookings@businesschauffeur.example',
  footerLinkGroups: [
    {
      _key: 'explore',
      title: 'Explore',
      links: [
        { _key: 'fleet', label: 'Our fleet', href: '/fleet' },
        { _key: 'blank', label: 'No address', href: null },
        { _key: 'fb', label: 'Facebook page', href: 'https://facebook.com/example' },
      ],
    },
  ],
} as unknown as SiteSettings;

describe('SiteFooter', () => {
  it('renders the link groups from siteSettings as headed navigation, skipping incomplete links', () => {
    const html = render(settings);
    expect(html).toContain('<nav aria-labelledby="footer-links-explore">');
    expect(html).toContain('<h2 id="footer-links-explore">Explore</h2>');
    expect(html).toContain('href="/fleet"');
    expect(html).toContain('>Our fleet</a>');
    expect(html).toContain('href="https://facebook.com/example" rel="noopener noreferrer"');
    expect(html).not.toContain('No address');
  });

  it('keeps the fixed Company links with or without settings', () => {
    for (const html of [render(settings), render(null)]) {
      expect(html).toContain('href="/about"');
      expect(html).toContain('href="/termsAndConditions"');
      expect(html).toContain('href="/bccPolicies"');
      expect(html).toContain('href="/sitemap"');
    }
    expect(render(null)).not.toContain('footer-links-');
  });

  it('lets the email address wrap before its @ only', () => {
    expect(render(settings)).toContain(
      'href="mailto:bookings@businesschauffeur.example">bookings<wbr/>@businesschauffeur.example</a>',
    );
    expect(renderToString(<EmailText email="no-at-sign" />)).toBe('no-at-sign');
  });

  it('shows the payment badges it is given, no others', () => {
    const html = render({ ...settings, paymentMethods: ['visa', 'mastercard', 'amex'] });
    expect(html).toContain('American Express');
    expect(html).not.toContain('Apple Pay');
    expect(html).not.toContain('Google Pay');
  });
});
