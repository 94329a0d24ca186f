// /signupSuccess: where sign-up sends a new customer ("Account Created Successfully!" with a link
// home). Its words are a CMS page; search engines are told not to index it.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { PortableText } from '~/components/portable-text';
import { loadSignupSuccessPage } from '~/content/info-pages.server';
import { contentMeta, errorMeta, rootMetaData } from '~/utils/content-seo';
import infoPagesStyles from '~/styles/info-pages.css?inline';
import type { StylesHandle } from '~/utils/route-styles';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [infoPagesStyles] };

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) =>
  data
    ? contentMeta(
        rootMetaData(matches),
        { ...data, description: data.hero?.text },
        '/signupSuccess',
      )
    : errorMeta(error, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSignupSuccessPage(request);
}

export default function SignupSuccess() {
  const page = useLoaderData<typeof loader>();
  return (
    <section className="container page-message success-message" aria-labelledby="success-title">
      <svg
        className="success-message__icon"
        viewBox="0 0 48 48"
        width="56"
        height="56"
        aria-hidden="true"
      >
        <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3" />
      </svg>
      <h1 id="success-title">{page.hero?.heading ?? page.title}</h1>
      {page.hero?.text ? <p>{page.hero.text}</p> : null}
      {page.body ? (
        <div className="prose">
          <PortableText value={page.body} />
        </div>
      ) : null}
      <p>
        {(page.links ?? []).map((link) =>
          link.href && link.label ? (
            <Link key={link._key} to={link.href} className="button button--accent">
              {link.label}
            </Link>
          ) : null,
        )}
      </p>
    </section>
  );
}
