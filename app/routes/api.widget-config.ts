// GET /api/widget-config: the public values the booking widget needs besides the booking flow: the
// browser key of the Maps Embed API (null draws the widget's own route sketch), the support
// phone, how many months ahead a pickup may be booked (the date picker's maximum) and how long a
// chauffeur waits at the airport at no charge (shown beside the flight number). All are
// public by design (the embed key is restricted to the Maps Embed API).
import type { WidgetConfigResponse } from '@business-chauffeur/booking-contract/widget';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getBookingHorizonMonths } from '~/booking/booking-horizon.server';
import { FALLBACK_CONTACTS } from '~/content/fallback-contacts';
import { getSiteSettings } from '~/content/site-settings.server';
import { handleApiRequest } from '~/api/api-pipeline.server';
import { getPublicEnv } from '~/utils/env.server';
import { log } from '~/utils/log.server';

/** The free waiting time when the CMS has none (the seed's value). */
const DEFAULT_AIRPORT_FREE_WAITING_MINUTES = 45;

function widgetConfig(request: Request) {
  return handleApiRequest(request, {
    methods: ['GET'],
    handle: async () => {
      let supportPhone: string | null = null;
      let airportFreeWaitingMinutes = DEFAULT_AIRPORT_FREE_WAITING_MINUTES;
      try {
        const settings = await getSiteSettings();
        supportPhone = settings.phone ?? null;
        airportFreeWaitingMinutes =
          settings.airportFreeWaitingMinutes ?? DEFAULT_AIRPORT_FREE_WAITING_MINUTES;
      } catch (error) {
        // The CMS cannot be read: the build's phone (app/content/fallback-contacts.ts).
        supportPhone = FALLBACK_CONTACTS.phone;
        log.warn('Widget config with the built-in support phone', { error });
      }
      const body: WidgetConfigResponse = {
        mapsEmbedKey: getPublicEnv().GOOGLE_MAPS_EMBED_KEY ?? null,
        supportPhone,
        bookingHorizonMonths: await getBookingHorizonMonths(),
        airportFreeWaitingMinutes,
      };
      // A partner page asks anew each time (its answer also says whether the partner may still
      // book, which staff may change at any moment); the site's own pages send no Origin.
      const cacheControl = request.headers.get('Origin') ? 'no-cache' : 'public, max-age=300';
      return Response.json(body, { headers: { 'Cache-Control': cacheControl } });
    },
  });
}

export function loader({ request }: LoaderFunctionArgs) {
  return widgetConfig(request);
}

/** Other methods get the API's 405 answer rather than Remix's "no action" error. */
export function action({ request }: ActionFunctionArgs) {
  return widgetConfig(request);
}
