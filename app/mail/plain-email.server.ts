// One plain, branded layout for the site's short emails (password reset, feedback and application
// notices): the business name from siteSettings at the top, paragraphs, an optional table of
// details and an optional link, and the business's contacts at the bottom. Every message has a
// text part that says everything the HTML part says.
import { getSiteSettings } from '~/content/site-settings.server';
import { getConfig } from '~/utils/env.server';

export interface EmailBrand {
  name: string;
  phone: string;
  email: string;
  siteUrl: string;
}

export interface PlainEmail {
  title: string;
  greeting?: string;
  paragraphs: string[];
  /** Label and value pairs, shown as a table (values may span several lines). */
  details?: [string, string][];
  action?: { label: string; url: string };
  /** Lines after the action, such as "If you did not ask for this, ignore this email." */
  footnotes?: string[];
}

/** The business's name and contacts from the siteSettings document, and the site's address. */
export async function loadEmailBrand(): Promise<EmailBrand> {
  const settings = await getSiteSettings();
  return {
    name: settings.name ?? '',
    phone: settings.phone ?? '',
    email: settings.email ?? '',
    siteUrl: getConfig().siteUrl,
  };
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const paragraphHtml = (text: string) =>
  `<p style="margin:0 0 16px;">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

/** The text and HTML parts of an email in the site's plain layout. */
export function renderPlainEmail(
  brand: EmailBrand,
  email: PlainEmail,
): { text: string; html: string } {
  const details = email.details ?? [];
  const text = [
    ...(email.greeting ? [email.greeting, ''] : []),
    ...email.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(details.length > 0
      ? [...details.map(([label, value]) => `${label}: ${value.replace(/\n/g, '\n  ')}`), '']
      : []),
    ...(email.action ? [`${email.action.label}: ${email.action.url}`, ''] : []),
    ...(email.footnotes ?? []).flatMap((line) => [line, '']),
    brand.name,
    `${brand.phone} · ${brand.email} · ${brand.siteUrl}`,
    '',
  ].join('\n');

  const cell = 'padding:6px 12px 6px 0;vertical-align:top;border-bottom:1px solid #dcd7cc;';
  const html = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(email.title)}</title></head>
<body style="margin:0;background:#f7f5f0;color:#0f1419;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;">
<div style="max-width:600px;margin:0 auto;padding:24px;">
<p style="margin:0 0 24px;font-family:Georgia,serif;font-size:22px;color:#0f1419;border-bottom:2px solid #b08d57;padding-bottom:12px;">${escapeHtml(brand.name)}</p>
${email.greeting ? paragraphHtml(email.greeting) : ''}
${email.paragraphs.map(paragraphHtml).join('\n')}
${
  details.length > 0
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%;">${details
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="${cell}text-align:left;font-weight:bold;white-space:nowrap;">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${
  email.action
    ? `<p style="margin:0 0 16px;"><a href="${escapeHtml(email.action.url)}" style="display:inline-block;background:#0f1419;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;">${escapeHtml(email.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#4a4f55;">${escapeHtml(email.action.url)}</p>`
    : ''
}
${(email.footnotes ?? []).map(paragraphHtml).join('\n')}
<p style="margin:24px 0 0;font-size:14px;color:#4a4f55;border-top:1px solid #dcd7cc;padding-top:12px;">${escapeHtml(brand.name)}<br>${escapeHtml(brand.phone)} · ${escapeHtml(brand.email)} · ${escapeHtml(brand.siteUrl)}</p>
</div>
</body></html>
`;
  return { text, html };
}
