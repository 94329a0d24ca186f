// Cross-site request forgery protection for the site's forms: the one rule, used by the server in
// front of Remix (server/cross-site-forms.ts answers a post whose Origin is another site's) and
// by every form action (which also refuses a post that names no origin at all). Session cookies
// are SameSite=Lax, which already keeps them off cross-site POSTs in current browsers; on top of
// that a POST is accepted only when the browser says it comes from this site: its Origin header
// (sent with every POST by current browsers), or failing that its Referer, must be the site's own
// origin (SITE_URL, or the address the request was sent to). `Origin: null` (a sandboxed frame, a
// data: page, a redirect across sites) is no page of ours, and a request that carries neither
// header is refused.

/** What a form post says about where it was sent from. */
export interface FormPostSource {
  /** The address the request was sent to, as the server sees it. */
  url: string;
  /** The Origin header, if any. */
  origin: string | null;
  /** The Referer header, if any. */
  referer: string | null;
}

function originOf(value: string | null): string | null {
  if (!value || value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** True when a form post comes from one of this site's own pages. */
export function isOwnFormSource(
  { url, origin, referer }: FormPostSource,
  siteUrl: string,
): boolean {
  const own = new Set([originOf(url), originOf(siteUrl)].filter(Boolean));
  if (origin !== null) return own.has(originOf(origin));
  const refererOrigin = originOf(referer);
  return refererOrigin !== null && own.has(refererOrigin);
}

/** True when a form POST (a Fetch API request, as Remix hands it to an action) is this site's. */
export function isSameSiteFormPost(request: Request, siteUrl: string): boolean {
  return isOwnFormSource(
    {
      url: request.url,
      origin: request.headers.get('Origin'),
      referer: request.headers.get('Referer'),
    },
    siteUrl,
  );
}
