// POST /api/bookings/:id/sandbox-confirm: the test-mode card form's "Pay now" (embedded payments
// only). The server confirms the sandbox intent with Stripe's test-card rules and applies the
// outcome as a verified payment event. Card fields are never logged or stored (brand and last 4
// only).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { messages, sandboxConfirmRequestSchema } from '@business-chauffeur/booking-contract';
import { answerBookingApiErrors } from '~/booking/booking-api-error.server';
import { findBookingForPayer } from '~/booking/booking-payments.server';
import { confirmCardPayment, confirmsCardsOnServer } from '~/booking/sandbox-confirm.server';
import { handleApiRequest } from '~/api/api-pipeline.server';
import { jsonError } from '~/utils/http.server';
import { readValidatedJson } from '~/utils/json-body.server';

const methods = ['POST'] as const;

export function action({ request, params }: ActionFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    async handle() {
      if (!confirmsCardsOnServer()) {
        return jsonError(404, 'not_found', messages.bookingApi.sandboxOnly);
      }
      const body = await readValidatedJson(request, sandboxConfirmRequestSchema);
      if (!body.ok) return body.response;
      const booking = await findBookingForPayer(params.id ?? '', body.value.clientSecret);
      if (!booking) return jsonError(404, 'not_found', messages.bookingApi.notFound);
      return answerBookingApiErrors(async () =>
        Response.json(
          await confirmCardPayment(booking, body.value.card, body.value.termsAccepted),
          {
            headers: { 'Cache-Control': 'no-store' },
          },
        ),
      );
    },
  });
}

export function loader({ request }: LoaderFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    handle: () => jsonError(405, 'method_not_allowed', 'Use POST.'),
  });
}
