// Any path no other route matches: the 404 page, with HTTP status 404.
import type { MetaFunction } from '@remix-run/node';
import { messages } from '@business-chauffeur/booking-contract';
import { NotFound } from '~/components/not-found';
export { routeHeaders as headers } from '~/utils/route-headers';

export const meta: MetaFunction = () => [
  { title: messages.notFound.title },
  { name: 'robots', content: 'noindex' },
];

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
