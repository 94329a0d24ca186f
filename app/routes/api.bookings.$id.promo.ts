// POST /api/bookings/:id/promo: applies a promo code on the payment step. The client secret of the
// booking's payment proves the caller is the payer (as for the sandbox's confirmation); the answer
// is the booking response, re-priced (app/booking/booking-promo.server.ts). Attempts are counted per
// client address, so codes cannot be guessed.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { messages, promoRequestSchema } from '@business-chauffeur/booking-contract';
import { answerBookingApiErrors } from '~/booking/booking-api-error.server';
import { findBookingForPayer } from '~/booking/booking-payments.server';
import { applyPromoCode } from '~/booking/booking-promo.server';
import { apiLimiters } from '~/limits/api-limits.server';
import { handleApiRequest } from '~/api/api-pipeline.server';
import { jsonError } from '~/utils/http.server';
import { readValidatedJson } from '~/utils/json-body.server';
import { clientAddressOf } from '~/limits/rate-limit.server';

const methods = ['POST'] as const;

export function action({ request, params, context }: ActionFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    limit: { limiter: apiLimiters.promoCodes, key: clientAddressOf(context) },
    async handle() {
      const body = await readValidatedJson(request, promoRequestSchema);
      if (!body.ok) return body.response;
      const booking = await findBookingForPayer(params.id ?? '', body.value.clientSecret);
      if (!booking) return jsonError(404, 'not_found', messages.bookingApi.notFound);
      return answerBookingApiErrors(async () =>
        Response.json(await applyPromoCode({ booking, code: body.value.code }), {
          headers: { 'Cache-Control': 'no-store' },
        }),
      );
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
