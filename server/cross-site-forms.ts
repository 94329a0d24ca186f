// A form posted to one of our pages from another site, answered before Remix with a 403 page that
// says what to do (Remix itself would answer an empty 500). The rule is the one every form action
// applies (app/utils/form-origin.server.ts); here it is applied to posts that carry an Origin
// header, so `Origin: null` and any other site's origin are refused. A post without an Origin is
// left to the action, which decides by its Referer and answers in the page's own words. The JSON
// API (/api/…) has its own CORS rules for partner sites.
import type { Request, RequestHandler } from 'express';
import { isOwnFormSource } from '../app/utils/form-origin.server.ts';
import { isPageFormPost } from './body-limits.ts';
import { sendRefusal } from './refusal-page.ts';

/**
 * The address the request was sent to, built as Remix's Express adapter builds the URL it hands
 * to the actions (the protocol and host Express believes, given `trust proxy`), so both places
 * compare the Origin with the same thing.
 */
export function requestOrigin(request: Request): string {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(':')[1] ?? '', 10);
  const forwardedPort = portOf(request.get('x-forwarded-host'));
  const hostPort = portOf(request.get('host'));
  const port = Number.isSafeInteger(forwardedPort)
    ? forwardedPort
    : Number.isSafeInteger(hostPort)
      ? hostPort
      : undefined;
  return `${request.protocol}://${request.hostname}${port === undefined ? '' : `:${port}`}`;
}

/** True for a form post to a page whose Origin header names another site (or "null"). */
export function isCrossSiteFormPost(request: Request, siteUrl: string): boolean {
  const origin = request.get('origin');
  if (!isPageFormPost(request) || origin === undefined) return false;
  return !isOwnFormSource({ url: requestOrigin(request), origin, referer: null }, siteUrl);
}

/**
 * The host named by the Origin of a page form post that comes from one of our own pages (SITE_URL,
 * or the address the request was sent to); null for any other request. remix-handler.ts hands it
 * to Remix as the Host: Remix 2 aborts a post whose Origin names another host than the Host header
 * with an empty 500 (its own cross-site guard), which a post from SITE_URL's pages meets whenever
 * it arrives under another Host (a proxy that passes on its own host name).
 */
export function ownOriginHostOf(request: Request, siteUrl: string): string | null {
  const origin = request.get('origin');
  if (!isPageFormPost(request) || origin === undefined) return null;
  if (!isOwnFormSource({ url: requestOrigin(request), origin, referer: null }, siteUrl))
    return null;
  return new URL(origin).host;
}

const FROM_ANOTHER_SITE = {
  status: 403,
  title: 'Please send this form from our website',
  explanation:
    'For your security, Business Chauffeur only accepts forms sent from its own pages, ' +
    'and this one came from another site. Nothing was saved or changed.',
  linkText: 'Open the form on our website',
};

export function refuseCrossSiteFormPosts({ siteUrl }: { siteUrl: string }): RequestHandler {
  return (request, response, next) => {
    if (!isCrossSiteFormPost(request, siteUrl)) return next();
    sendRefusal(request, response, FROM_ANOTHER_SITE);
  };
}
