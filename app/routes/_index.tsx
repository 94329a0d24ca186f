import type { MetaFunction } from '@remix-run/node';
import { Link, useRouteLoaderData } from '@remix-run/react';
import { StoreBadges } from '~/components/store-badges';
import type { loader as rootLoader } from '~/root';
import { pageMeta } from '~/utils/seo';

export const meta: MetaFunction<unknown, { root: typeof rootLoader }> = ({ matches }) => {
  const root = matches.find((match) => match.id === 'root')?.data;
  if (!root) return [];
  return pageMeta(
    { siteName: root.settings.name ?? '', siteUrl: root.publicEnv.SITE_URL },
    {
      title: 'Chauffeur and limousine service in Brisbane, the Gold Coast and the Sunshine Coast',
      description: root.settings.description ?? '',
      path: '/',
      image: root.settings.hero?.image?.url,
    },
  );
};

export default function Home() {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  const hero = data?.settings.hero;
  const image = hero?.image;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__text">
          <h1 id="hero-title">{hero?.heading}</h1>
          <p className="hero__tagline">{hero?.tagline}</p>
          <div className="hero__actions">
            <Link to="/booking" className="button button--accent button--large">
              Book Now
            </Link>
            <Link to="/manage-booking" className="button button--ghost button--large">
              Manage Booking
            </Link>
          </div>
          <StoreBadges className="hero__badges" />
        </div>
        {image?.url ? (
          <img
            className="hero__image"
            src={image.url}
            alt={image.alt ?? ''}
            width={image.width ?? undefined}
            height={image.height ?? undefined}
            fetchPriority="high"
            decoding="async"
          />
        ) : null}
      </div>
    </section>
  );
}
