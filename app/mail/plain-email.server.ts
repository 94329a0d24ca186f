// One plain, branded layout for every email the site sends (password reset, feedback and
// application notices, the booking's tax invoice): the business name from siteSettings at the
// top, an optional heading with its own rows (an invoice's number and date), paragraphs, tables of
// details, an optional link, and the business's contacts at the bottom. Every message has a text
// part that says everything the HTML part says.
import { getSiteSettings } from '~/content/site-settings.server';
import { getConfig } from '~/utils/env.server';

export interface EmailBrand {
  name: string;
  phone: string;
  email: string;
  siteUrl: string;
}

/** Label and value pairs, shown as a table (values may span several lines). */
export type EmailRows = [string, string][];

/** A table under its own heading, with optional rows set apart at its foot (a total). */
export interface EmailSection {
  heading: string;
  rows: EmailRows;
  totals?: EmailRows;
  /** Values aligned right, as amounts are. */
  amounts?: boolean;
}

export interface PlainEmail {
  title: string;
  /** A large heading above the greeting ("Tax invoice"), with rows of its own under it. */
  heading?: { text: string; rows: EmailRows };
  greeting?: string;
  paragraphs: string[];
  details?: EmailRows;
  /** Headed tables after the details (a trip, a fare line by line). */
  sections?: EmailSection[];
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

const textRows = (rows: EmailRows) =>
  rows.map(([label, value]) => `${label}: ${value.replace(/\n/g, '\n  ')}`);

/** A block of text lines followed by a blank line, or nothing when there are no lines. */
const block = (lines: string[]) => (lines.length > 0 ? [...lines, ''] : []);

function sectionText(section: EmailSection): string[] {
  return [section.heading, ...textRows(section.rows), ...textRows(section.totals ?? []), ''];
}

const cell = 'padding:6px 12px 6px 0;vertical-align:top;border-bottom:1px solid #dcd7cc;';

function rowsHtml(rows: EmailRows, options: { amounts?: boolean; total?: boolean } = {}): string {
  const label = `${cell}text-align:left;font-weight:bold;${options.amounts ? '' : 'white-space:nowrap;'}`;
  const value = `${cell}${options.amounts ? 'text-align:right;white-space:nowrap;' : ''}${
    options.total ? 'font-weight:bold;' : ''
  }`;
  return rows
    .map(
      ([name, text]) =>
        `<tr><th scope="row" style="${label}">${escapeHtml(name)}</th><td style="${value}${
          REFERENCE_ROW.test(name) ? REFERENCE_STYLE : ''
        }">${escapeHtml(text).replace(/\n/g, '<br>')}</td></tr>`,
    )
    .join('');
}

/** Rows whose value is a booking reference or a number made from one ("Invoice number"). */
const REFERENCE_ROW = /number$/i;
/**
 * References in a face whose zero differs from O (slashed or dotted in these monospaced faces) with
 * tabular figures, wherever the mail program honours it; the text part keeps them as they are.
 */
const REFERENCE_STYLE =
  "font-family:Consolas,Menlo,'DejaVu Sans Mono','Courier New',monospace;font-variant-numeric:tabular-nums slashed-zero;letter-spacing:0.04em;";

const tableHtml = (body: string) =>
  `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%;">${body}</table>`;

function sectionHtml(section: EmailSection): string {
  return `<h2 style="margin:24px 0 8px;font-family:Georgia,serif;font-size:18px;">${escapeHtml(section.heading)}</h2>
${tableHtml(
  rowsHtml(section.rows, { amounts: section.amounts }) +
    rowsHtml(section.totals ?? [], { amounts: section.amounts, total: true }),
)}`;
}

/** The text and HTML parts of an email in the site's plain layout. */
export function renderPlainEmail(
  brand: EmailBrand,
  email: PlainEmail,
): { text: string; html: string } {
  const details = email.details ?? [];
  const sections = email.sections ?? [];
  const text = [
    ...(email.heading ? [email.heading.text, ...block(textRows(email.heading.rows))] : []),
    ...(email.greeting ? [email.greeting, ''] : []),
    ...email.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...block(textRows(details)),
    ...sections.flatMap(sectionText),
    ...(email.action ? [`${email.action.label}: ${email.action.url}`, ''] : []),
    ...(email.footnotes ?? []).flatMap((line) => [line, '']),
    brand.name,
    `${brand.phone} · ${brand.email} · ${brand.siteUrl}`,
    '',
  ].join('\n');

  const html = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(email.title)}</title></head>
<body style="margin:0;background:#f7f5f0;color:#0f1419;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;">
<div style="max-width:600px;margin:0 auto;padding:24px;">
<p style="margin:0 0 24px;font-family:Georgia,serif;font-size:22px;color:#0f1419;border-bottom:2px solid #b08d57;padding-bottom:12px;">${escapeHtml(brand.name)}</p>
${
  email.heading
    ? `<h1 style="margin:0 0 12px;font-family:Georgia,serif;font-size:28px;">${escapeHtml(email.heading.text)}</h1>
${email.heading.rows.length > 0 ? tableHtml(rowsHtml(email.heading.rows)) : ''}`
    : ''
}
${email.greeting ? paragraphHtml(email.greeting) : ''}
${email.paragraphs.map(paragraphHtml).join('\n')}
${details.length > 0 ? tableHtml(rowsHtml(details)) : ''}
${sections.map(sectionHtml).join('\n')}
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
