// Starts draft preview for staff: /api/preview?secret=<SANITY_PREVIEW_SECRET>&redirect=/some/path
// sets the signed preview cookie and sends them to that path on this site. Studio's preview links
// point here. A wrong or missing secret answers 401; without preview configured the route does not
// exist (404).
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import {
  isPreviewConfigured,
  isPreviewSecret,
  safeRedirectPath,
  startPreviewCookie,
} from '~/utils/preview.server';

export async function loader({ request }: LoaderFunctionArgs) {
  if (!isPreviewConfigured()) {
    throw new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  }
  const url = new URL(request.url);
  if (!isPreviewSecret(url.searchParams.get('secret'))) {
    return new Response('Invalid preview secret.', {
      status: 401,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return redirect(safeRedirectPath(url.searchParams.get('redirect')), {
    headers: {
      'Set-Cookie': await startPreviewCookie(),
      'Cache-Control': 'private, no-store',
      // The secret is in this URL: do not pass it on to the next page.
      'Referrer-Policy': 'no-referrer',
    },
  });
}
