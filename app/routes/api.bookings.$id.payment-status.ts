// GET /api/bookings/:id/payment-status?clientSecret=…: the server's view of a booking's payment,
// for the widget after it confirmed a card and for /completion after a redirect. The payment's
// client secret proves the caller is the payer; without it the answer is 404, as for no booking.
// The widget asks here right before Stripe takes the card: a booking whose pickup is now less than
// an hour away answers "failed" with the reason, and its payment is cancelled
// (app/booking/booking-payments.server.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { clientSecretSchema, messages } from '@business-chauffeur/booking-contract';
import { currentPaymentStatus, findBookingForPayer } from '~/booking/booking-payments.server';
import { handleApiRequest } from '~/api/api-pipeline.server';
import { jsonError } from '~/utils/http.server';

const methods = ['GET'] as const;

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    async handle() {
      const secret = clientSecretSchema.safeParse(
        new URL(request.url).searchParams.get('clientSecret') ?? '',
      );
      const booking = secret.success
        ? await findBookingForPayer(params.id ?? '', secret.data)
        : null;
      if (!booking) return jsonError(404, 'not_found', messages.bookingApi.notFound);
      return Response.json(await currentPaymentStatus(booking), {
        headers: { 'Cache-Control': 'no-store' },
      });
    },
  });
}

export function action({ request }: ActionFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    handle: () => jsonError(405, 'method_not_allowed', 'Use GET.'),
  });
}
