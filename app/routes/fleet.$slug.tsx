// /fleet/:slug: one vehicle type (the fleet cards' "Learn More"): picture, description, capacity,
// the tariff its fares are computed from, and a link to book it. Unknown and archived vehicles
// are not found.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { formatMoney } from '@business-chauffeur/booking-contract';
import { messages } from '@business-chauffeur/booking-contract/site';
import { ContentImage } from '~/components/content-image';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { bookingHref, FALLBACK_CAR_IMAGE, VehicleCapacity } from '~/components/fleet-list';
import { getVehicle } from '~/content/fleet.server';
import { toCents } from '~/booking/fares.server';
import { contentMeta, errorMeta, rootMetaData } from '~/utils/content-seo';
import fleetStyles from '~/styles/fleet.css?inline';
import pagesStyles from '~/styles/pages.css?inline';
import type { AppHandle } from '~/utils/page-app';
import type { StylesHandle } from '~/utils/route-styles';
import { notFound } from '~/utils/not-found.server';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle & AppHandle = {
  styles: [pagesStyles, fleetStyles],
  withoutApp: true,
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) =>
  data
    ? contentMeta(
        rootMetaData(matches),
        {
          title: data.vehicle.title,
          description: data.vehicle.shortDescription ?? data.vehicle.description,
          image: data.vehicle.image?.url,
        },
        `/fleet/${data.vehicle.slug}`,
      )
    : errorMeta(error, matches);

export async function loader({ params, request }: LoaderFunctionArgs) {
  const vehicle = await getVehicle(params.slug ?? '', request);
  if (!vehicle) notFound();
  return { vehicle, rates: ratesInCents(vehicle.tariff) };
}

type Tariff = NonNullable<Awaited<ReturnType<typeof getVehicle>>>['tariff'];

/** The tariff's dollar rates (as the content holds them) in cents, the unit the page formats. */
function ratesInCents(tariff: Tariff) {
  const cents = (dollars: number | null | undefined) =>
    dollars === null || dollars === undefined ? null : toCents(dollars);
  return {
    base: cents(tariff?.basePrice),
    perKm: cents(tariff?.perkmSurcharge),
    hourly: cents(tariff?.hourlyRate),
  };
}

export default function VehiclePage() {
  const { vehicle, rates } = useLoaderData<typeof loader>();
  const text = messages.fleet;
  const tariff = vehicle.tariff;
  return (
    <article className="vehicle-page" aria-labelledby="page-title">
      <div className="container">
        <nav aria-label={text.breadcrumb} className="breadcrumb">
          <ol>
            <li>
              <Link to="/">{text.home}</Link>
            </li>
            <li>
              <Link to="/fleet">{text.fleetTitle}</Link>
            </li>
            <li>
              <span aria-current="page">{vehicle.title}</span>
            </li>
          </ol>
        </nav>
        <div className="vehicle-page__grid">
          <ContentImage
            image={vehicle.image}
            fallbackSrc={FALLBACK_CAR_IMAGE}
            className="vehicle-page__image"
            priority
            sizes="(min-width: 900px) 600px, 100vw"
            widths={[360, 600, 900, 1200]}
          />
          <div className="vehicle-page__summary">
            <h1 id="page-title">{vehicle.title}</h1>
            {vehicle.subTitle ? <p className="vehicle-page__subtitle">{vehicle.subTitle}</p> : null}
            {vehicle.shortDescription ? (
              <p className="vehicle-page__lead">{vehicle.shortDescription}</p>
            ) : null}
            {vehicle.category?.title ? (
              <p className="vehicle-page__category">
                {text.category}: {vehicle.category.title}
              </p>
            ) : null}
            <h2 className="vehicle-page__subheading">{text.capacity}</h2>
            <VehicleCapacity vehicle={vehicle} />
            <p>
              <Link to={bookingHref(vehicle.slug)} className="button button--accent button--large">
                {text.bookNow}
              </Link>
            </p>
          </div>
        </div>
        <div className="vehicle-page__details prose">
          {vehicle.description ? <p>{vehicle.description}</p> : null}
          {tariff ? (
            <section aria-labelledby="fares-title">
              <h2 id="fares-title">{text.fares}</h2>
              <ul>
                {rates.base !== null && tariff.minimumDistanceForBasePrice !== null ? (
                  <li>
                    {text.baseFare(formatMoney(rates.base), tariff.minimumDistanceForBasePrice)}
                    {rates.perKm !== null ? `, ${text.perKm(formatMoney(rates.perKm))}` : null}
                  </li>
                ) : null}
                {rates.hourly !== null && tariff.minimumDistanceForHourlyRate !== null ? (
                  <li>
                    {text.hourly(formatMoney(rates.hourly), tariff.minimumDistanceForHourlyRate)}
                    {rates.perKm !== null ? `, ${text.perKm(formatMoney(rates.perKm))}` : null}
                  </li>
                ) : null}
              </ul>
              <p>{text.faresNote}</p>
            </section>
          ) : null}
          {vehicle.disclaimer ? (
            <p className="vehicle-page__disclaimer">{vehicle.disclaimer}</p>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return <ContentErrorBoundary />;
}
