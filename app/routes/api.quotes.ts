// POST /api/quotes: step 1 of the booking wizard in, vehicle cards with server-computed fares and a
// signed quote token out. Validation answers 400 with the same field messages the widget shows; a
// route that cannot be measured answers with the support phone, never a 500.
import {
  parseQuoteRequest,
  type ApiErrorCode,
  type Trip,
} from '@business-chauffeur/booking-contract';
import { messages } from '@business-chauffeur/booking-contract/site';
import type { ActionFunctionArgs } from '@remix-run/node';
import { getBookingHorizonMonths } from '~/booking/booking-horizon.server';
import { FleetUnavailableError, TripDetailsError, createQuote } from '~/booking/quotes.server';
import { getContentSource } from '~/content/content.server';
import { supportPhone } from '~/content/site-settings.server';
import { getPlaces } from '~/places/places-provider.server';
import {
  PlaceNotFoundError,
  ProviderUnavailableError,
  RouteUnavailableError,
} from '~/places/places.server';
import { apiLimiters } from '~/limits/api-limits.server';
import { handleApiRequest } from '~/api/api-pipeline.server';
import { jsonError } from '~/utils/http.server';
import { readJsonBody } from '~/utils/json-body.server';
import { log } from '~/utils/log.server';
import { clientAddressOf } from '~/limits/rate-limit.server';

const methods = ['POST'] as const;

async function unavailable(
  status: number,
  code: ApiErrorCode,
  message: (phone: string) => string,
  fields?: Record<string, string>,
): Promise<Response> {
  const phone = await supportPhone();
  return jsonError(status, code, phone ? message(phone) : messages.errorPage.retry, fields);
}

/** The step-1 field that holds a place id, with the message that asks for it again. */
function fieldOfPlace(trip: Trip, placeId: string): Record<string, string> | undefined {
  if (trip.pickup.placeId === placeId) return { pickup: messages.booking.pickupRequired };
  if (trip.drop.placeId === placeId) return { drop: messages.booking.dropRequired };
  const stop = trip.stops.findIndex((place) => place.placeId === placeId);
  return stop >= 0 ? { [`stops.${stop}`]: messages.booking.stopRequired } : undefined;
}

async function quote(request: Request): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = parseQuoteRequest(body.value, { horizonMonths: await getBookingHorizonMonths() });
  if (!parsed.success) {
    return jsonError(400, 'invalid_request', messages.api.invalidRequest, parsed.fields);
  }
  const trip = parsed.data;
  try {
    const result = await createQuote({ trip, places: getPlaces(), content: getContentSource() });
    return Response.json(result, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof TripDetailsError) {
      return jsonError(400, 'invalid_request', messages.api.invalidRequest, error.fields);
    }
    if (error instanceof PlaceNotFoundError) {
      // A stale or foreign place id: point at the field so the customer chooses it again.
      const field = fieldOfPlace(trip, error.placeId);
      log.warn('Quote for an unknown place', { error });
      return unavailable(422, 'route_unavailable', messages.api.routeUnavailable, field);
    }
    if (error instanceof RouteUnavailableError) {
      log.warn('Quote for a route that cannot be driven', { error });
      return unavailable(422, 'route_unavailable', messages.api.routeUnavailable);
    }
    if (error instanceof ProviderUnavailableError) {
      log.error('Route provider unavailable', { error });
      return unavailable(503, 'route_unavailable', messages.api.routeServiceUnavailable);
    }
    if (error instanceof FleetUnavailableError) {
      log.error('Fleet unavailable for quotes', { error, cause: error.cause });
      return unavailable(503, 'fleet_unavailable', messages.api.fleetUnavailable);
    }
    throw error;
  }
}

export function action({ request, context }: ActionFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    handle: quote,
    limit: { limiter: apiLimiters.quotes, key: clientAddressOf(context) },
  });
}

export function loader({ request, context }: ActionFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    handle: quote,
    limit: { limiter: apiLimiters.quotes, key: clientAddressOf(context) },
  });
}
