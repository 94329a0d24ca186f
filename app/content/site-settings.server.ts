import { formatAbn } from '@business-chauffeur/booking-contract';
import { ContentUnavailableError } from './content-source.server';
import { getContentSource } from './content.server';
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
 * The business's phone number for messages that say "call us on …"; empty when the settings
 * cannot be read (the message must still be given).
 */
export async function supportPhone(): Promise<string> {
  try {
    return (await getSiteSettings()).phone ?? '';
  } catch {
    return '';
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
