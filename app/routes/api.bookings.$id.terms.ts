// POST /api/bookings/:id/terms: the customer ticked "I agree to the Terms and conditions and the
// Cancellation policy" and pressed Pay now. The agreement is kept with the booking (when, and the
// policies' revision: app/booking/terms-acceptance.server.ts); the answer is the payment's status,
// as GET …/payment-status gives it, so the widget learns in the same call whether the booking can
// still be paid before a card is taken. The payment's client secret proves the caller is the payer.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { messages, termsAcceptanceRequestSchema } from '@business-chauffeur/booking-contract';
import { answerBookingApiErrors } from '~/booking/booking-api-error.server';
import { currentPaymentStatus, findBookingForPayer } from '~/booking/booking-payments.server';
import { acceptTerms } from '~/booking/terms-acceptance.server';
import { handleApiRequest } from '~/api/api-pipeline.server';
import { jsonError } from '~/utils/http.server';
import { readValidatedJson } from '~/utils/json-body.server';

const methods = ['POST'] as const;

export function action({ request, params }: ActionFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    async handle() {
      const body = await readValidatedJson(request, termsAcceptanceRequestSchema);
      if (!body.ok) return body.response;
      const found = await findBookingForPayer(params.id ?? '', body.value.clientSecret);
      if (!found) return jsonError(404, 'not_found', messages.bookingApi.notFound);
      return answerBookingApiErrors(async () => {
        const booking = await acceptTerms(found);
        return Response.json(await currentPaymentStatus(booking), {
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
