// The site settings (the business's name, contacts, links and booking settings) as staff publish
// them, and what stands in for them while the CMS cannot be read.
import { formatAbn } from '@business-chauffeur/booking-contract';
import { ContentUnavailableError } from './content-source.server';
import { getContentSource } from './content.server';
import { FALLBACK_CONTACTS } from './fallback-contacts';
import { siteSettingsQuery } from './queries.server';

/**
 * The siteSettings singleton; without it the shell has no name, phone or email to show. Given the
 * request, a member of staff in preview mode sees the draft.
 */
export async function getSiteSettings(request?: Request) {
  const settings = await getContentSource(request).fetch(siteSettingsQuery);
  if (!settings) throw new ContentUnavailableError('The siteSettings document is missing.');
  return settings;
}

export type SiteSettings = Awaited<ReturnType<typeof getSiteSettings>>;

/**
 * The site settings when the CMS cannot be read and no last good copy is left (the content source
 * serves that copy whenever it has one): the build's name, phone and email, nothing else.
 */
export function fallbackSiteSettings(): SiteSettings {
  return {
    ...FALLBACK_CONTACTS,
    legalName: null,
    abn: null,
    address: null,
    description: null,
    hero: null,
    socialLinks: null,
    paymentMethods: null,
    bookingHorizonMonths: null,
    airportFreeWaitingMinutes: null,
  };
}

/**
 * The business's phone number for messages that say "call us on …": the published one, else the
 * build's (the message must still be given, with a number that works).
 */
export async function supportPhone(): Promise<string> {
  try {
    return (await getSiteSettings()).phone || FALLBACK_CONTACTS.phone;
  } catch {
    return FALLBACK_CONTACTS.phone;
  }
}

/**
 * Who issues the tax invoices: the business's legal name (its trading name when staff have not
 * set one) and its ABN grouped as the Register prints it ("51 824 753 556"; empty when not set).
 */
export async function getInvoiceIssuer(): Promise<{ legalName: string; abn: string }> {
  const settings = await getSiteSettings();
  return {
    legalName: settings.legalName || settings.name || '',
    abn: settings.abn ? formatAbn(settings.abn) : '',
  };
}
