import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import type { FooterGroup } from '~/content/navigation.server';
import type { SiteSettings } from '~/content/site-settings.server';
import { EmailText, SiteFooter } from './site-footer';
import { StoreNoticeProvider } from './store-badges';

function render(settings: SiteSettings | null, footerGroups: FooterGroup[] = groups) {
  return renderToString(
    <StaticRouter location="/">
      <StoreNoticeProvider>
        <SiteFooter settings={settings} groups={footerGroups} />
      </StoreNoticeProvider>
    </StaticRouter>,
  );
}

const settings = {
  name: 'Business Chauffeur',
  phone: '1300 975 707',
  email: 'bookings@businesschauffeur.example',
} as unknown as SiteSettings;

const groups: FooterGroup[] = [
  {
    key: 'company',
    title: 'Company',
    links: [
      { key: 'about', label: 'About Us', href: '/about' },
      { key: 'terms', label: 'Terms of Use', href: '/termsAndConditions' },
    ],
  },
  {
    key: 'explore',
    title: 'Explore',
    links: [
      { key: 'fleet', label: 'Our fleet', href: '/fleet' },
      { key: 'fb', label: 'Facebook page', href: 'https://facebook.com/example' },
    ],
  },
];

describe('SiteFooter', () => {
  it('renders the navigation document’s groups as headed navigation, in order', () => {
    const html = render(settings);
    expect(html).toContain('<nav aria-labelledby="footer-links-company">');
    expect(html).toContain('<h2 id="footer-links-company">Company</h2>');
    expect(html).toContain('<h2 id="footer-links-explore">Explore</h2>');
    expect(html.indexOf('footer-links-company')).toBeLessThan(html.indexOf('footer-links-explore'));
    expect(html).toContain('href="/termsAndConditions"');
    expect(html).toContain('>Our fleet</a>');
    expect(html).toContain('href="https://facebook.com/example" rel="noopener noreferrer"');
  });

  it('shows no link group without a navigation document, and still the support details', () => {
    const html = render(settings, []);
    expect(html).not.toContain('footer-links-');
    expect(html).toContain('href="tel:1300975707"');
    expect(render(null, [])).not.toContain('footer-support');
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
