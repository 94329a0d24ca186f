// /service-areas: the numbered list of areas, each linking to its page, the "Why choose" list and
// the booking call to action the area pages share.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import { BookingBanner } from '~/components/booking-banner';
import { InfoHero } from '~/components/info-hero';
import { PortableText } from '~/components/portable-text';
import { loadServiceAreasIndex } from '~/content/service-areas.server';
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
        '/service-areas',
      )
    : notFoundMeta(messages.notFound.title);

export async function loader({ request }: LoaderFunctionArgs) {
  return loadServiceAreasIndex(request);
}

export default function ServiceAreas() {
  const { page, areas } = useLoaderData<typeof loader>();
  const reasons = (page.whyChoose?.items ?? []).filter((item) => item.title);
  return (
    <>
      <InfoHero heading={page.hero?.heading ?? page.title ?? ''} text={page.hero?.text} />
      <div className="container info-body">
        {page.body ? (
          <div className="prose">
            <PortableText value={page.body} />
          </div>
        ) : null}
        <ol className="area-list">
          {areas.map((area, index) => (
            <li key={area._id} className="link-card">
              <h2>
                {/* The number is shown as well as announced by the list: "1. Brisbane". */}
                <span className="area-list__number" aria-hidden="true">
                  {index + 1}.{' '}
                </span>
                <Link to={`/${area.route}`} prefetch="intent">
                  {area.name}
                </Link>
              </h2>
              {area.summary ? <p>{area.summary}</p> : null}
            </li>
          ))}
        </ol>
      </div>
      {reasons.length > 0 ? (
        <section className="info-band" aria-labelledby="why-choose-title">
          <div className="container">
            <h2 id="why-choose-title">{page.whyChoose?.heading}</h2>
            {page.whyChoose?.intro ? <p>{page.whyChoose.intro}</p> : null}
            <ul className="reason-grid">
              {reasons.map((reason) => (
                <li key={reason._key} className="reason-card">
                  <h3>{reason.title}</h3>
                  {reason.text ? <p>{reason.text}</p> : null}
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      {page.bookingCta ? <BookingBanner banner={page.bookingCta} id="booking-cta-title" /> : null}
    </>
  );
}
