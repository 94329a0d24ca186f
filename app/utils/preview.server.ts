// Draft preview for staff. A link carrying SANITY_PREVIEW_SECRET (/api/preview?secret=…&redirect=/…)
// sets a signed, HttpOnly cookie; while it is present, content is read from Sanity's drafts
// perspective with the read token, pages show the "Preview mode" bar and nothing is cached.
// Preview exists only when the site runs on Sanity with both SANITY_API_READ_TOKEN and
// SANITY_PREVIEW_SECRET set; otherwise the cookie is never honoured.
import { timingSafeEqual } from 'node:crypto';
import { createCookie, type Cookie } from '@remix-run/node';
import { getConfig } from './env.server';

export const PREVIEW_COOKIE_NAME = '__preview';

/** A preview session ends after this long; staff open the preview link again to continue. */
const PREVIEW_MAX_AGE_SECONDS = 60 * 60;

let cookie: Cookie | undefined;

/** The preview secret when preview is configured, else null. */
function previewSecret(): string | null {
  const { content } = getConfig();
  if (content.adapter !== 'sanity' || !content.readToken || !content.previewSecret) return null;
  return content.previewSecret;
}

export function isPreviewConfigured(): boolean {
  return previewSecret() !== null;
}

function previewCookie(): Cookie {
  const config = getConfig();
  cookie ??= createCookie(PREVIEW_COOKIE_NAME, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction && config.siteUrl.startsWith('https://'),
    path: '/',
    maxAge: PREVIEW_MAX_AGE_SECONDS,
    // Signed with both secrets: rotating either one ends every preview session in progress.
    secrets: [`${config.sessionSecret}:${previewSecret() ?? ''}`],
  });
  return cookie;
}

/** Compares in constant time, so the secret cannot be guessed from response times. */
export function isPreviewSecret(candidate: string | null): boolean {
  const secret = previewSecret();
  if (!secret || candidate === null) return false;
  const expected = Buffer.from(secret);
  const given = Buffer.from(candidate);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether this request carries a valid preview cookie (and preview is configured). */
export async function isPreviewRequest(request: Request): Promise<boolean> {
  if (!isPreviewConfigured()) return false;
  const header = request.headers.get('Cookie');
  if (!header?.includes(`${PREVIEW_COOKIE_NAME}=`)) return false;
  return (await previewCookie().parse(header)) === true;
}

export function startPreviewCookie(): Promise<string> {
  return previewCookie().serialize(true);
}

export function endPreviewCookie(): Promise<string> {
  return createCookie(PREVIEW_COOKIE_NAME, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
  }).serialize('', { maxAge: 0, expires: new Date(0) });
}

/**
 * A path on this site to send the visitor to: only same-site paths such as "/faqs?x=1#y" are
 * accepted, so the preview link cannot be used to redirect anyone to another site.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  try {
    const base = 'http://site.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
