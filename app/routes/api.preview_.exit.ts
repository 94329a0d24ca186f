// Leaves draft preview: clears the preview cookie and goes back to the page (same site only).
// Works whether or not preview is configured, so a stale cookie can always be removed.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { endPreviewCookie, safeRedirectPath } from '~/utils/preview.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(safeRedirectPath(url.searchParams.get('redirect')), {
    headers: { 'Set-Cookie': await endPreviewCookie(), 'Cache-Control': 'private, no-store' },
  });
}
