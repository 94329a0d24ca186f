// /termsAndConditions: a policy page, its copy from the CMS policy document with this route key.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import { PolicyPageView } from '~/components/policy-page';
import { loadPolicy } from '~/content/policies.server';
import { contentMeta, notFoundMeta, rootMetaData } from '~/utils/content-seo';
import infoPagesStyles from '~/styles/info-pages.css?inline';
import type { StylesHandle } from '~/utils/route-styles';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [infoPagesStyles] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? contentMeta(
        rootMetaData(matches),
        { ...data, description: data.summary },
        '/termsAndConditions',
      )
    : notFoundMeta(messages.notFound.title);

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPolicy(request, 'termsAndConditions');
}

export default function TermsAndConditions() {
  return <PolicyPageView policy={useLoaderData<typeof loader>()} />;
}
