// GET /api/places?q=…&sessionToken=…: address suggestions for the location fields of the booking
// wizard, at most 8 `{ placeId, description }`. Queries shorter than two characters get an empty
// list without asking the provider; answers may be cached briefly by the browser, so retyping the
// same letters costs nothing.
import {
  PLACES_MAX_QUERY_LENGTH,
  PLACES_MIN_QUERY_LENGTH,
  type PlacesResponse,
} from '@business-chauffeur/booking-contract';
import { messages } from '@business-chauffeur/booking-contract/site';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getSiteSettings } from '~/content/site-settings.server';
import { getPlaces } from '~/places/places-provider.server';
import { ProviderUnavailableError } from '~/places/places.server';
import { apiLimiters } from '~/limits/api-limits.server';
import { handleApiRequest } from '~/api/api-pipeline.server';
import { jsonError } from '~/utils/http.server';
import { log } from '~/utils/log.server';
import { clientAddressOf } from '~/limits/rate-limit.server';

const methods = ['GET'] as const;

/** Suggestions depend only on the text (and the provider), so a minute in the browser is safe. */
const CACHE = 'private, max-age=60';

async function suggest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const query = (url.searchParams.get('q') ?? '').trim();
  if (query.length > PLACES_MAX_QUERY_LENGTH) {
    return jsonError(400, 'invalid_request', messages.api.invalidRequest, {
      q: messages.booking.tooLong(PLACES_MAX_QUERY_LENGTH),
    });
  }
  if (query.length < PLACES_MIN_QUERY_LENGTH) {
    return Response.json({ suggestions: [] } satisfies PlacesResponse, {
      headers: { 'Cache-Control': CACHE },
    });
  }
  const sessionToken = url.searchParams.get('sessionToken') ?? undefined;
  try {
    const suggestions = await getPlaces().suggest(query, sessionToken);
    return Response.json({ suggestions: suggestions.slice(0, 8) } satisfies PlacesResponse, {
      headers: { 'Cache-Control': CACHE },
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    log.error('Place suggestions unavailable', { error });
    let phone: string | null = null;
    try {
      phone = (await getSiteSettings()).phone ?? null;
    } catch {
      phone = null;
    }
    return jsonError(
      503,
      'places_unavailable',
      phone ? messages.api.placesUnavailable(phone) : messages.errorPage.retry,
      undefined,
      { 'Retry-After': '5' },
    );
  }
}

export function loader({ request, context }: LoaderFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    handle: suggest,
    limit: { limiter: apiLimiters.places, key: clientAddressOf(context) },
  });
}

export function action({ request, context }: LoaderFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    handle: suggest,
    limit: { limiter: apiLimiters.places, key: clientAddressOf(context) },
  });
}
