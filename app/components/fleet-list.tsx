// The fleet list of /fleet and /transfers: each category with its vehicle cards. A card shows the
// picture (the default car when it fails to load), title, description and capacity (0 when a
// figure is missing), and links to book the vehicle or read more about it.
import { Link } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract/site';
import type { FleetCategory, FleetVehicle } from '~/content/fleet.server';
import { ContentImage } from './content-image';

export const FALLBACK_CAR_IMAGE = '/images/fallback-car.svg';

export function FleetList({ categories }: { categories: FleetCategory[] }) {
  if (categories.length === 0) {
    return (
      <div className="container">
        <p className="fleet-empty">{messages.fleet.empty}</p>
      </div>
    );
  }
  return (
    <div className="container fleet">
      {categories.map((category, categoryIndex) => (
        <section
          key={category._id}
          className="fleet-category"
          aria-labelledby={`category-${category.slug}`}
        >
          <h2 id={`category-${category.slug}`}>{category.title}</h2>
          {category.description ? (
            <p className="fleet-category__description">{category.description}</p>
          ) : null}
          <ul className="fleet-grid">
            {category.vehicles.map((vehicle, index) => (
              <li key={vehicle._id}>
                {/* The first picture is often the largest paint on a phone: load it first. */}
                <VehicleCard vehicle={vehicle} priority={categoryIndex === 0 && index === 0} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function VehicleCapacity({
  vehicle,
}: {
  vehicle: Pick<FleetVehicle, 'passengerMax' | 'suitcases' | 'smallBags'>;
}) {
  const text = messages.fleet;
  return (
    <dl className="vehicle-capacity">
      <div>
        <dt>{text.passengers}</dt>
        <dd>{vehicle.passengerMax ?? 0}</dd>
      </div>
      <div>
        <dt>{text.suitcases}</dt>
        <dd>{vehicle.suitcases ?? 0}</dd>
      </div>
      <div>
        <dt>{text.smallBags}</dt>
        <dd>{vehicle.smallBags ?? 0}</dd>
      </div>
    </dl>
  );
}

/** Where "Book Now" goes: the booking page with this vehicle chosen in advance. */
export function bookingHref(slug: string | null): string {
  return slug ? `/booking?vehicle=${encodeURIComponent(slug)}` : '/booking';
}

function VehicleCard({ vehicle, priority }: { vehicle: FleetVehicle; priority: boolean }) {
  const titleId = `vehicle-${vehicle.slug}`;
  return (
    <article className="vehicle-card" aria-labelledby={titleId}>
      <ContentImage
        image={vehicle.image}
        fallbackSrc={FALLBACK_CAR_IMAGE}
        className="vehicle-card__image"
        priority={priority}
        sizes="(min-width: 1100px) 370px, (min-width: 700px) 50vw, 100vw"
        widths={[360, 560, 740, 1100]}
      />
      <div className="vehicle-card__body">
        <h3 id={titleId}>{vehicle.title}</h3>
        {vehicle.subTitle ? <p className="vehicle-card__subtitle">{vehicle.subTitle}</p> : null}
        {vehicle.description ? <p>{vehicle.description}</p> : null}
        <VehicleCapacity vehicle={vehicle} />
        <div className="vehicle-card__actions">
          <Link
            to={bookingHref(vehicle.slug)}
            className="button button--accent"
            aria-describedby={titleId}
          >
            {messages.fleet.bookNow}
          </Link>
          <Link to={`/fleet/${vehicle.slug}`} className="button button--ghost" prefetch="intent">
            {messages.fleet.learnMore}
            {/* "Learn More" alone does not say about what, out of the card's context. */}
            <span className="visually-hidden">
              {messages.fleet.learnMoreAbout(vehicle.title ?? '')}
            </span>
          </Link>
        </div>
      </div>
    </article>
  );
}
