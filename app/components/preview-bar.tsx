// The bar staff see while previewing drafts: says so, and leaves preview mode (and comes back to
// the same page) through a full page load, so the cookie is cleared before anything is read again.
import { useLocation } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract/site';

export function PreviewBar() {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <div className="preview-bar" role="status">
      <p>{messages.preview.notice}</p>
      <a href={`/api/preview/exit?redirect=${encodeURIComponent(back)}`}>{messages.preview.exit}</a>
    </div>
  );
}
