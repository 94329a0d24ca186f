// POST /api/bookings/lookup: { email, bookingNumber } → the booking's public view. The same 404
// for a wrong number and a wrong email; 429 after 10 lookups a minute per client or per email.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { messages, type LookupResponse } from '@business-chauffeur/booking-contract';
import { lookupBooking } from '~/booking/booking-lookup.server';
import { getSiteSettings } from '~/content/site-settings.server';
import { handleApiRequest } from '~/api/api-pipeline.server';
import { jsonError } from '~/utils/http.server';
import { readJsonBody } from '~/utils/json-body.server';
import { clientAddressOf } from '~/limits/rate-limit.server';

const methods = ['POST'] as const;

export function action({ request, context }: ActionFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    async handle() {
      const body = await readJsonBody(request);
      if (!body.ok) return body.response;
      const outcome = await lookupBooking({
        input: body.value,
        clientAddress: clientAddressOf(context),
      });
      switch (outcome.kind) {
        case 'invalid':
          return jsonError(400, 'invalid_request', messages.api.invalidRequest, outcome.fields);
        case 'rate_limited': {
          const phone = (await getSiteSettings()).phone ?? '';
          return jsonError(429, 'rate_limited', messages.manageBooking.tooMany(phone), undefined, {
            'Retry-After': String(outcome.retryAfterSeconds),
          });
        }
        case 'not_found':
          return jsonError(404, 'not_found', outcome.message);
        case 'found': {
          const answer: LookupResponse = { booking: outcome.view };
          return Response.json(answer, { headers: { 'Cache-Control': 'no-store' } });
        }
      }
    },
  });
}

export function loader({ request }: LoaderFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    handle: () => jsonError(405, 'method_not_allowed', 'Use POST.'),
  });
}
