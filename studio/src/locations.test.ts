import { describe, expect, it } from 'vitest';
import { documentLocations, type LocationQueryResult } from './locations';

const none: LocationQueryResult = { document: null, referredBy: [], listedOn: [] };

describe('where the Presentation tool says a document is used', () => {
  it('puts a page at its own address, a home page at /, a policy on /bccPolicies too', () => {
    expect(
      documentLocations('page', {
        ...none,
        document: {
          _type: 'page',
          title: 'Wedding Cars',
          route: 'weddings',
          slug: null,
          listed: true,
        },
      }),
    ).toEqual({ locations: [{ title: 'Wedding Cars', href: '/weddings' }] });
    expect(
      documentLocations('page', {
        ...none,
        document: { _type: 'page', title: 'Home', route: 'home', slug: null, listed: true },
      }).locations,
    ).toEqual([{ title: 'Home', href: '/' }]);
    expect(
      documentLocations('policy', {
        ...none,
        document: {
          _type: 'policy',
          title: 'Cancellation Policy',
          route: 'cancellationPolicy',
          slug: null,
          listed: null,
        },
      }).locations,
    ).toEqual([
      { title: 'Cancellation Policy', href: '/cancellationPolicy' },
      { title: 'Policies', href: '/bccPolicies' },
    ]);
  });

  it('lists a service area at its address, on the home page and on /service-areas', () => {
    expect(
      documentLocations('serviceArea', {
        ...none,
        document: {
          _type: 'serviceArea',
          title: 'Toowoomba',
          route: 'service-area-toowoomba',
          slug: null,
          listed: null,
        },
        listedOn: [{ _type: 'page', title: 'Wedding Cars', route: 'weddings' }],
      }).locations?.map((location) => location.href),
    ).toEqual(['/service-area-toowoomba', '/', '/service-areas', '/weddings']);
  });

  it('shows an FAQ section on /faqs and on every page whose FAQ group refers to it, once each', () => {
    expect(
      documentLocations('faqSection', {
        ...none,
        document: { _type: 'faqSection', title: 'Booking', route: null, slug: null, listed: null },
        referredBy: [
          { _type: 'page', title: 'Wedding Cars', route: 'weddings' },
          { _type: 'page', title: 'Wedding Cars', route: 'weddings' },
          { _type: 'page', title: 'Draft without an address', route: null },
        ],
      }),
    ).toEqual({
      locations: [
        { title: 'FAQs', href: '/faqs' },
        { title: 'Wedding Cars', href: '/weddings' },
      ],
    });
  });

  it('puts a vehicle on its own page, the booking form and every page with the fleet list', () => {
    expect(
      documentLocations('vehicleType', {
        ...none,
        document: {
          _type: 'vehicleType',
          title: 'Stretch Limousine',
          route: null,
          slug: 'stretch-limousine',
          listed: null,
        },
        referredBy: [{ _type: 'page', title: 'Wedding Cars', route: 'weddings' }],
        listedOn: [{ _type: 'page', title: 'Our Fleet', route: 'fleet' }],
      }).locations?.map((location) => location.href),
    ).toEqual(['/fleet/stretch-limousine', '/booking', '/weddings', '/fleet']);
  });

  it('says the menus and settings are on every page, and when a document is on none', () => {
    expect(documentLocations('navigation', none).locations).toEqual([
      { title: 'Every page of the site', href: '/' },
    ]);
    expect(documentLocations('page', none)).toEqual({
      message: 'Not shown on any page yet: publish it with an address, or add it to a page.',
    });
  });
});
