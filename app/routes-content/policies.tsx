// /bccPolicies: the policies index, linking to each policy page listed in the CMS.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { InfoPageLayout } from '~/components/info-hero';
import { loadPoliciesIndex } from '~/content/policies.server';
import { indexPageMeta, infoPageHandle } from './content-page';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle = infoPageHandle;

export const meta = indexPageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPoliciesIndex(request);
}

export default function Policies() {
  const { page, policies } = useLoaderData<typeof loader>();
  return (
    <InfoPageLayout page={page}>
      <ul className="link-cards">
        {policies.map((policy) => (
          <li key={policy._id} className="link-card">
            <h2>
              <Link to={`/${policy.route}`} prefetch="intent">
                {policy.title}
              </Link>
            </h2>
            {policy.summary ? <p>{policy.summary}</p> : null}
          </li>
        ))}
      </ul>
    </InfoPageLayout>
  );
}
