// Enters draft mode: the Studio's Presentation tool opens
// /api/preview?sanity-preview-secret=…&sanity-preview-pathname=/some/path in its frame. A live
// secret of the configured Studio sets the signed draft-mode cookie and sends the frame to that
// path on this site; anything else answers 401. Without draft mode configured the route does not
// exist (404). See app/utils/preview.server.ts.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { messages } from '@business-chauffeur/booking-contract/site';
import { checkDraftModeLink } from '~/content/draft-mode-link.server';
import { log } from '~/utils/log.server';
import { isPreviewConfigured, safeRedirectPath, startPreviewCookie } from '~/utils/preview.server';
import { notFound } from '~/utils/not-found.server';

const NO_STORE = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };

export async function loader({ request }: LoaderFunctionArgs) {
  if (!isPreviewConfigured()) notFound({ 'Cache-Control': 'no-store' });
  let link;
  try {
    link = await checkDraftModeLink(request.url);
  } catch (error) {
    log.warn('The draft-mode link could not be checked', {
      error: error instanceof Error ? error.message : String(error),
    });
    return new Response(messages.preview.unavailable, {
      status: 503,
      headers: { ...NO_STORE, 'Retry-After': '5' },
    });
  }
  if (!link.valid) {
    return new Response(
      link.reason === 'studio' ? messages.preview.otherStudio : messages.preview.linkExpired,
      { status: 401, headers: NO_STORE },
    );
  }
  return redirect(safeRedirectPath(link.redirectTo), {
    headers: {
      'Set-Cookie': await startPreviewCookie(),
      'Cache-Control': 'private, no-store',
      // The secret is in this URL: do not pass it on to the next page.
      'Referrer-Policy': 'no-referrer',
    },
  });
}
