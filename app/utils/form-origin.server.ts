// Cross-site request forgery protection for the site's forms. Session cookies are SameSite=Lax,
// which already keeps them off cross-site POSTs in current browsers; on top of that every form
// action accepts a POST only when the browser says it comes from this site: its Origin header (sent
// with every POST by current browsers), or failing that its Referer, must be the site's own origin
// (SITE_URL, or the address the request was sent to). A request that carries neither is refused.

function originOf(value: string | null): string | null {
  if (!value || value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** True when a form POST comes from one of this site's own pages. */
export function isSameSiteFormPost(request: Request, siteUrl: string): boolean {
  const own = new Set([new URL(request.url).origin, originOf(siteUrl)].filter(Boolean));
  const origin = request.headers.get('Origin');
  if (origin !== null) return own.has(originOf(origin));
  const referer = originOf(request.headers.get('Referer'));
  return referer !== null && own.has(referer);
}
