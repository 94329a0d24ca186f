// GET /api/me: the signed-in customer's name and email, so the booking widget on the site's own
// /booking page can prefill step 3 (docs/product.md, "Contact details"). Guests, and any request
// without the session cookie (the widget on a partner's site never sends it), get { user: null }.
import type { MeResponse } from '@business-chauffeur/booking-contract/widget';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleApiRequest } from '~/api/api-pipeline.server';
import { getSessionUser } from '~/accounts/session.server';

function me(request: Request) {
  return handleApiRequest(request, {
    methods: ['GET'],
    handle: async () => {
      const user = await getSessionUser(request);
      const body: MeResponse = {
        user: user
          ? { firstName: user.firstName, lastName: user.lastName, email: user.email }
          : null,
      };
      // Personal data: never stored by a shared cache, and not by the browser either.
      return Response.json(body, {
        headers: { 'Cache-Control': 'private, no-store', Vary: 'Cookie' },
      });
    },
  });
}

export function loader({ request }: LoaderFunctionArgs) {
  return me(request);
}

/** Other methods get the API's 405 answer rather than Remix's "no action" error. */
export function action({ request }: ActionFunctionArgs) {
  return me(request);
}
