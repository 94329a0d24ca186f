// /bccPolicies: the policies index, linking to each policy page listed in the CMS.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import { InfoHero } from '~/components/info-hero';
import { PortableText } from '~/components/portable-text';
import { loadPoliciesIndex } from '~/content/policies.server';
import { contentMeta, notFoundMeta, rootMetaData } from '~/utils/content-seo';
import infoPagesStyles from '~/styles/info-pages.css?inline';
import type { StylesHandle } from '~/utils/route-styles';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [infoPagesStyles] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? contentMeta(
        rootMetaData(matches),
        { ...data.page, description: data.page.hero?.text },
        '/bccPolicies',
      )
    : notFoundMeta(messages.notFound.title);

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPoliciesIndex(request);
}

export default function Policies() {
  const { page, policies } = useLoaderData<typeof loader>();
  return (
    <>
      <InfoHero heading={page.hero?.heading ?? page.title ?? ''} text={page.hero?.text} />
      <div className="container info-body">
        {page.body ? (
          <div className="prose">
            <PortableText value={page.body} />
          </div>
        ) : null}
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
      </div>
    </>
  );
}
