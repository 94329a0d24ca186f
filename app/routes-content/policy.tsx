// Every policy page (/cancellationPolicy, /termsAndConditions …: the `policy` entries of
// app/content/content-routes.ts): the policy document with the page's route key.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PolicyPageView } from '~/components/policy-page';
import { documentRouteOf } from '~/content/content-routes.server';
import { loadPolicy } from '~/content/policies.server';
import { contentPageMeta, infoPageHandle, useContentRoute } from './content-page';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle = infoPageHandle;

export const meta = contentPageMeta<typeof loader>((data) => ({
  ...data,
  description: data.summary,
}));

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPolicy(request, documentRouteOf(request));
}

export default function PolicyRoute() {
  return <PolicyPageView policy={useLoaderData<typeof loader>()} entry={useContentRoute()} />;
}
