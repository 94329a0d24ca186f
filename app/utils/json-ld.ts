// Structured data (schema.org, JSON-LD) that tells search engines who the business is: a local
// business open 24/7 in Brisbane, the Gold Coast and the Sunshine Coast, with its phone number.
// Built from the siteSettings document and the service areas, never from copy in code.
import { absoluteUrl } from './seo';

export interface BusinessFacts {
  name: string | null;
  phone: string | null;
  email?: string | null;
  description?: string | null;
  address?: string | null;
  /** The landing hero picture, used as the business's image. */
  imageUrl?: string | null;
  socialUrls?: (string | null)[] | null;
}

/** The fields of the siteSettings document (as the shell loads it) that describe the business. */
export interface BusinessSettings {
  name: string | null;
  phone: string | null;
  email: string | null;
  description: string | null;
  address: string | null;
  hero: { image: { url: string | null } | null } | null;
  socialLinks: { url: string | null }[] | null;
}

export function businessFacts(settings: BusinessSettings): BusinessFacts {
  return {
    name: settings.name,
    phone: settings.phone,
    email: settings.email,
    description: settings.description,
    address: settings.address,
    imageUrl: settings.hero?.image?.url,
    socialUrls: settings.socialLinks?.map((link) => link.url),
  };
}

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export type JsonLd = Record<string, unknown>;

/**
 * The business as schema.org sees it. AutoRental is the LocalBusiness subtype closest to hiring
 * a car with its driver (schema.org has no chauffeur or limousine type); areaServed lists the
 * service areas as cities; "open 24 hours" is 00:00 to 23:59 on every day, as Google documents it.
 */
export function businessJsonLd(
  business: BusinessFacts,
  siteUrl: string,
  areasServed: readonly string[],
): JsonLd {
  const url = absoluteUrl(siteUrl, '/');
  const sameAs = (business.socialUrls ?? []).filter((value): value is string => Boolean(value));
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoRental',
    '@id': `${url}#business`,
    name: business.name ?? undefined,
    url,
    telephone: business.phone ?? undefined,
    email: business.email ?? undefined,
    description: business.description ?? undefined,
    image: business.imageUrl ? absoluteUrl(siteUrl, business.imageUrl) : undefined,
    address: business.address
      ? { '@type': 'PostalAddress', streetAddress: business.address, addressCountry: 'AU' }
      : undefined,
    areaServed: areasServed.map((name) => ({ '@type': 'City', name })),
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: EVERY_DAY,
        opens: '00:00',
        closes: '23:59',
      },
    ],
    currenciesAccepted: 'AUD',
    sameAs: sameAs.length > 0 ? sameAs : undefined,
  };
}

/** A breadcrumb trail as search results show it; the last item is the page itself. */
export function breadcrumbJsonLd(
  siteUrl: string,
  items: readonly { name: string; path: string }[],
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(siteUrl, item.path),
    })),
  };
}

/**
 * JSON for a <script type="application/ld+json"> element. Content comes from the CMS, so "<" is
 * escaped (a "</script>" in a text would otherwise end the element and let markup through), and
 * so are the line separators that older parsers reject.
 */
export function serializeJsonLd(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
