// POST /api/vitals: a batch of real visitors' Web Vitals from the site's own pages (app/utils/
// report-vitals.ts), sent as a beacon when a page is hidden. Same origin only (the partner widget
// does not report), at most 8 KB and 10 samples, limited per client address, answered 204 with no
// body. Stored per route, metric and Queensland day; the client's address and user agent are
// never kept (docs/decisions/032-real-user-vitals.md).
import { todayInBrisbane } from '@business-chauffeur/booking-contract';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { getVitalsStore } from '~/store/store.server';
import { partnerOriginOf } from '~/api/cors.server';
import { handleApiRequest } from '~/api/api-pipeline.server';
import { jsonError } from '~/utils/http.server';
import { readValidatedJson } from '~/utils/json-body.server';
import { clientAddressOf } from '~/limits/rate-limit.server';
import { VITALS_MAX_BODY_BYTES } from '~/utils/vitals';
import { vitalsBatchSchema, vitalsLimiter } from '~/vitals/vitals.server';

const methods = ['POST'] as const;

async function receive(request: Request): Promise<Response> {
  if (await partnerOriginOf(request)) {
    return jsonError(403, 'origin_not_allowed', 'Only the site itself reports page speed.');
  }
  // Sent as text/plain by navigator.sendBeacon: the body is read as JSON whatever its type.
  const batch = await readValidatedJson(request, vitalsBatchSchema, VITALS_MAX_BODY_BYTES);
  if (!batch.ok) return batch.response;
  await getVitalsStore().record(
    todayInBrisbane(),
    batch.value.samples.map(({ name, value, route }) => ({ route, metric: name, value })),
  );
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}

function vitals({ request, context }: ActionFunctionArgs | LoaderFunctionArgs) {
  return handleApiRequest(request, {
    methods,
    handle: receive,
    limit: { limiter: vitalsLimiter, key: clientAddressOf(context) },
  });
}

export const loader = vitals;
export const action = vitals;
