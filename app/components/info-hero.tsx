// The hero of the FAQ, policy, service-area and sitemap pages: an optional breadcrumb, the page
// heading (the page's only h1), a short text and an optional picture beside it. InfoPageLayout
// adds the page's own copy and its list below, as the index pages show them.
import type { ReactNode } from 'react';
import { BreadcrumbTrail, type Crumb } from './breadcrumb-trail';
import { ContentImage, type ContentImageValue } from './content-image';
import { PortableText } from './portable-text';

interface Props {
  heading: string;
  text?: string | null;
  image?: ContentImageValue | null;
  breadcrumb?: readonly Crumb[];
  children?: ReactNode;
}

export function InfoHero({ heading, text, image, breadcrumb, children }: Props) {
  const hasImage = Boolean(image?.url);
  return (
    <header className={`info-hero${hasImage ? ' info-hero--with-image' : ''}`}>
      <div className="container info-hero__inner">
        <div className="info-hero__text">
          {breadcrumb ? <BreadcrumbTrail items={breadcrumb} /> : null}
          <h1>{heading}</h1>
          {text ? <p className="info-hero__lead">{text}</p> : null}
          {children}
        </div>
        {hasImage ? (
          <ContentImage
            image={image}
            className="info-hero__image"
            sizes="(min-width: 900px) 55vw, 100vw"
            priority
          />
        ) : null}
      </div>
    </header>
  );
}

/** The copy of an index page (policies, service areas, sitemap) from its `page` document. */
export interface InfoPageCopy {
  title: string | null;
  hero: { heading: string | null; text: string | null } | null;
  body: unknown[] | null;
}

/** An index page: its hero, its own copy, then what the page lists (`children`). */
export function InfoPageLayout({ page, children }: { page: InfoPageCopy; children: ReactNode }) {
  return (
    <>
      <InfoHero heading={page.hero?.heading ?? page.title ?? ''} text={page.hero?.text} />
      <div className="container info-body">
        {page.body ? (
          <div className="prose">
            <PortableText value={page.body} />
          </div>
        ) : null}
        {children}
      </div>
    </>
  );
}
