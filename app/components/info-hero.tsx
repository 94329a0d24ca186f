// The hero of the FAQ, policy, service-area and sitemap pages: an optional breadcrumb, the page
// heading (the page's only h1), a short text and an optional picture beside it.
import type { ReactNode } from 'react';
import { BreadcrumbTrail, type Crumb } from './breadcrumb-trail';
import { ContentImage, type ContentImageValue } from './content-image';

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
