// What every page's shell needs: the site settings (name, phone, email, links), the header's and
// footer's menus, who is signed in, whether staff are previewing drafts, and the allow-listed
// public configuration. The payment
// methods of the settings are narrowed to what the configured payment adapter takes, so the
// footer's "We accept" never shows a wallet the checkout does not offer.
//
// The shell never fails for the CMS: when the settings cannot be read and the content source has
// no last good copy (docs/decisions/002), the build's name, phone and email stand in
// (app/content/fallback-contacts.ts), so pages that need no content of their own (/booking, the
// forms to sign in and look a booking up) still serve, and a page that does gets the outage page
// with the phone and email (docs/decisions/047-pages-through-a-content-outage.md). The menus are
// left empty then (they are content, docs/decisions/051-menus-as-content.md). Such a shell is
// never cached: the next request after the outage shows the published settings and menus.
import { data } from '@remix-run/node';
import { ContentUnavailableError } from '~/content/content-source.server';
import { getNavigation, type Navigation } from '~/content/navigation.server';
import { fallbackSiteSettings, getSiteSettings } from '~/content/site-settings.server';
import { acceptedPaymentMethods } from '~/payments/accepted-payment-methods';
import { getConfig, getPublicEnv } from '~/utils/env.server';
import { log } from '~/utils/log.server';
import { FRAME_ANCESTORS_HEADER } from '~/utils/frame-ancestors';
import { draftModeStudioUrl, isPreviewRequest } from '~/utils/preview.server';
import { PRIVATE_PAGE_CACHE } from '~/utils/route-headers';
import { getSessionUser } from '~/accounts/session.server';
import { holdsStaffRole } from '~/staff/staff-access.server';
import siteElementsSrc from 'virtual:site-elements';

/** A read of the CMS that failed with nothing to fall back on (a 503 from a page's content source). */
function isContentOutage(error: unknown): boolean {
  return (
    error instanceof ContentUnavailableError || (error instanceof Response && error.status === 503)
  );
}

/** The published settings, or the build's when the CMS cannot be read. */
async function shellSettings(request: Request) {
  try {
    return { settings: await getSiteSettings(request), fallback: false };
  } catch (error) {
    if (!isContentOutage(error)) throw error;
    log.warn('Site settings unavailable: the shell uses the built-in contacts', {
      path: new URL(request.url).pathname,
    });
    return { settings: fallbackSiteSettings(), fallback: true };
  }
}

/** The menus, or none when the CMS cannot be read. */
async function shellNavigation(
  request: Request,
): Promise<{ navigation: Navigation; fallback: boolean }> {
  try {
    return { navigation: await getNavigation(request), fallback: false };
  } catch (error) {
    if (!isContentOutage(error)) throw error;
    log.warn('Menus unavailable: the shell shows none', { path: new URL(request.url).pathname });
    return { navigation: { header: [], footer: [] }, fallback: true };
  }
}

export async function loadShell(request: Request) {
  const [{ settings, fallback }, menus, user, preview] = await Promise.all([
    shellSettings(request),
    shellNavigation(request),
    getSessionUser(request),
    isPreviewRequest(request),
  ]);
  // Decided here, on the server: only staff see the link to the operations pages and their layout.
  const staff = await holdsStaffRole(user);
  return {
    settings: {
      ...settings,
      paymentMethods: acceptedPaymentMethods(settings.paymentMethods, getConfig().payments.adapter),
    },
    navigation: menus.navigation,
    /** The staff's email shows in their console's header; nobody else's is sent. */
    user: user ? { firstName: user.firstName, staff, email: staff ? user.email : null } : null,
    preview,
    publicEnv: getPublicEnv(),
    /** The site's own browser module, which every page loads (app/elements/index.ts). */
    siteElements: siteElementsSrc,
    /** The settings or menus are stand-ins (the CMS cannot be read): never cache the page. */
    settingsFallback: fallback || menus.fallback,
  };
}

/**
 * The root loader's answer: the shell, never cached while it stands in for the CMS. Every page in
 * draft mode is kept by no cache and no search engine, and may be framed by the Studio only
 * (app/utils/frame-ancestors.ts); every page route passes these headers on (route-headers.ts).
 */
export async function shellResponse(request: Request) {
  const shell = await loadShell(request);
  const studioUrl = shell.preview ? draftModeStudioUrl() : null;
  if (studioUrl) {
    return data(shell, {
      headers: {
        'Cache-Control': PRIVATE_PAGE_CACHE,
        'X-Robots-Tag': 'noindex',
        [FRAME_ANCESTORS_HEADER]: new URL(studioUrl).origin,
      },
    });
  }
  return data(
    shell,
    shell.settingsFallback ? { headers: { 'Cache-Control': PRIVATE_PAGE_CACHE } } : undefined,
  );
}
