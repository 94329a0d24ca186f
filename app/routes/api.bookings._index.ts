// POST /api/bookings: the quote token, the chosen vehicle and the passenger details in; a saved
// DRAFT booking and what the payment step needs out (app/booking/bookings.server.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { IDEMPOTENCY_KEY_HEADER } from '@business-chauffeur/booking-contract';
import { answerBookingApiErrors } from '~/booking/booking-api-error.server';
import { createBooking } from '~/booking/bookings.server';
import { apiLimiters } from '~/limits/api-limits.server';
import { partnerOf } from '~/api/cors.server';
import { handleApiRequest } from '~/api/api-pipeline.server';
import { jsonError } from '~/utils/http.server';
import { readJsonBody } from '~/utils/json-body.server';
import { clientAddressOf } from '~/limits/rate-limit.server';
import { getSessionUser } from '~/accounts/session.server';

const methods = ['POST'] as const;

export function action({ request, context }: ActionFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    // Each new draft costs a stored booking and a payment intent: counted per client address.
    limit: { limiter: apiLimiters.bookings, key: clientAddressOf(context) },
    async handle() {
      const body = await readJsonBody(request);
      if (!body.ok) return body.response;
      return answerBookingApiErrors(async () => {
        const partner = await partnerOf(request);
        const answer = await createBooking({
          body: body.value,
          idempotencyKeyHeader: request.headers.get(IDEMPOTENCY_KEY_HEADER),
          partnerId: partner?.origin ?? null,
          partnerRecordLabel: partner?.stored?.id ?? null,
          // The rate of the same record the label comes from, kept on the booking.
          ...(partner?.stored
            ? { partnerCommissionBasisPoints: partner.stored.commissionBasisPoints }
            : {}),
          userId: (await getSessionUser(request))?.id ?? null,
        });
        return Response.json(answer.body, {
          status: answer.status,
          headers: { 'Cache-Control': 'no-store' },
        });
      });
    },
  });
}

/** GET answers 405 and OPTIONS the CORS preflight (Remix sends both to the loader). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    handle: () => jsonError(405, 'method_not_allowed', 'Use POST.'),
  });
}
