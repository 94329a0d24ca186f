// The hero at the top of a marketing page: its heading (the page's only h1), a sentence, optional
// buttons and an optional picture, all from the page document.
import { CmsLink } from './cms-link';
import { ContentImage, type ContentImageValue } from './content-image';

export interface PageHeroValue {
  heading: string | null;
  text: string | null;
  /** Buttons with a label and an address (app/content/marketing-pages.server.ts). */
  actions?: { _key: string; label: string; href: string }[] | null;
  image?: ContentImageValue | null;
}

export function PageHero({ hero, title }: { hero: PageHeroValue | null; title: string | null }) {
  const actions = hero?.actions ?? [];
  const image = hero?.image?.url ? hero.image : null;
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className={`container page-hero__inner${image ? ' page-hero__inner--image' : ''}`}>
        <div className="page-hero__text">
          <h1 id="page-title">{hero?.heading ?? title}</h1>
          {hero?.text ? <p className="page-hero__lead">{hero.text}</p> : null}
          {actions.length > 0 ? (
            <div className="page-hero__actions">
              {actions.map((action, index) => (
                <CmsLink
                  key={action._key}
                  href={action.href}
                  className={`button button--large${index === 0 ? ' button--accent' : ' button--ghost'}`}
                >
                  {action.label}
                </CmsLink>
              ))}
            </div>
          ) : null}
        </div>
        {image ? (
          <ContentImage
            image={image}
            className="page-hero__image"
            priority
            sizes="(min-width: 900px) 55vw, 100vw"
          />
        ) : null}
      </div>
    </section>
  );
}
