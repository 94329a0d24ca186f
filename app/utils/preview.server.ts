// Draft mode for staff (docs/decisions/052-visual-editing-in-draft-mode.md). The Studio's
// Presentation tool opens /api/preview with a secret it has just written to the dataset
// (@sanity/preview-url-secret), the site checks that secret with its read token and sets a signed,
// HttpOnly cookie; while it is present, content is read from Sanity's drafts perspective with
// stega edit links, pages show the visual-editing overlays and the "Draft mode" bar, may be framed
// by the Studio, and nothing is cached or indexed. Draft mode exists only when the site runs on
// Sanity with SANITY_API_READ_TOKEN and SANITY_STUDIO_URL; otherwise the cookie is never honoured.
import { createCookie, type Cookie } from '@remix-run/node';
import { getConfig } from './env.server';

export const PREVIEW_COOKIE_NAME = '__preview';

/** A draft-mode session ends after this long; the Studio opens a new one when it needs it. */
const PREVIEW_MAX_AGE_SECONDS = 60 * 60;

let cookie: Cookie | undefined;

/** The Studio's address when draft mode is configured, else null. */
export function draftModeStudioUrl(): string | null {
  const { content } = getConfig();
  if (content.adapter !== 'sanity' || !content.readToken || !content.studioUrl) return null;
  return content.studioUrl;
}

export function isPreviewConfigured(): boolean {
  return draftModeStudioUrl() !== null;
}

/**
 * Whether the site can set a cookie the Studio's frame sends back: the Studio is another site, so
 * the cookie must be SameSite=None, which browsers take only with Secure (https, or a loopback
 * address during development). Partitioned keeps it to the Studio's frame and the site's own tab.
 */
function crossSiteCookie(): boolean {
  const { hostname, protocol } = new URL(getConfig().siteUrl);
  return protocol === 'https:' || hostname === 'localhost' || hostname === '127.0.0.1';
}

function previewCookie(): Cookie {
  const config = getConfig();
  const crossSite = crossSiteCookie();
  cookie ??= createCookie(PREVIEW_COOKIE_NAME, {
    httpOnly: true,
    sameSite: crossSite ? 'none' : 'lax',
    secure: crossSite,
    partitioned: crossSite,
    path: '/',
    maxAge: PREVIEW_MAX_AGE_SECONDS,
    // Rotating SESSION_SECRET ends every draft-mode session.
    secrets: [`${config.sessionSecret}:draft-mode`],
  });
  return cookie;
}

/** Whether this request carries a valid draft-mode cookie (and draft mode is configured). */
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
  const crossSite = crossSiteCookie();
  return createCookie(PREVIEW_COOKIE_NAME, {
    path: '/',
    httpOnly: true,
    sameSite: crossSite ? 'none' : 'lax',
    secure: crossSite,
    partitioned: crossSite,
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
