import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, businessFacts, businessJsonLd, serializeJsonLd } from './json-ld';

const settings = {
  name: 'Business Chauffeur',
  phone: '1300 975 707',
  email: 'bookings@businesschauffeur.example',
  description: 'Premium chauffeur cars across Brisbane, the Gold Coast and the Sunshine Coast.',
  address: null,
  hero: { image: { url: '/content/images/hero-cars.svg?v=abc' } },
  socialLinks: [{ url: 'https://www.facebook.com/example' }, { url: null }],
};

describe('businessJsonLd', () => {
  const data = businessJsonLd(businessFacts(settings), 'https://www.businesschauffeur.example/', [
    'Brisbane',
    'Gold Coast',
    'Sunshine Coast',
  ]);

  it('describes a local business open 24/7 in the three areas, from the settings', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AutoRental',
      name: 'Business Chauffeur',
      telephone: '1300 975 707',
      url: 'https://www.businesschauffeur.example/',
      image: 'https://www.businesschauffeur.example/content/images/hero-cars.svg?v=abc',
      areaServed: [
        { '@type': 'City', name: 'Brisbane' },
        { '@type': 'City', name: 'Gold Coast' },
        { '@type': 'City', name: 'Sunshine Coast' },
      ],
      sameAs: ['https://www.facebook.com/example'],
    });
    const [hours] = data.openingHoursSpecification as Record<string, unknown>[];
    expect(hours).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '00:00',
      closes: '23:59',
    });
  });

  it('leaves out an empty address rather than inventing one', () => {
    expect(JSON.parse(serializeJsonLd(data))).not.toHaveProperty('address');
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the trail and makes every item absolute', () => {
    expect(
      breadcrumbJsonLd('https://www.businesschauffeur.example', [
        { name: 'Home', path: '/' },
        { name: 'Policies', path: '/bccPolicies' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          name: 'Home',
          item: 'https://www.businesschauffeur.example/',
        },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Policies',
          item: 'https://www.businesschauffeur.example/bccPolicies',
        },
      ],
    });
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element or start markup, whatever staff type', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script> & <!-- \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & <!-- \u2028' });
  });
});
