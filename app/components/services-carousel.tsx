// The home page's services carousel, after the WAI-ARIA carousel pattern: previous/next and
// per-slide buttons, arrow keys on those buttons, a pause button first in the tab order, and a
// polite live region that announces slides the visitor changes (not the automatic ones). It moves
// on its own only when the visitor has not asked for reduced motion, and stops while the pointer
// is over it or focus is inside it.
import { useEffect, useId, useState } from 'react';
import { messages } from '@business-chauffeur/booking-contract/site';
import { CmsLink } from './cms-link';
import { ContentImage, type ContentImageValue } from './content-image';
import { cleanStega } from '~/utils/stega';

export interface CarouselSlide {
  _key: string;
  title: string | null;
  text: string | null;
  image: ContentImageValue | null;
  link: { label: string | null; href: string | null } | null;
}

/** How long a slide shows before the next one while the slide show plays. */
export const CAROUSEL_INTERVAL_MS = 6000;

function usePrefersReducedMotion(): boolean {
  // Until the browser has answered, assume reduced motion: nothing moves before we know it may.
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

interface Props {
  heading: string | null;
  intro: string | null;
  slides: CarouselSlide[];
}

export function ServicesCarousel({ heading, intro, slides }: Props) {
  const id = useId();
  const headingId = `${id}-heading`;
  const slidesId = `${id}-slides`;
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const canPlay = !reducedMotion && count > 1;
  const rotating = canPlay && !paused && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  const show = (next: number) => setIndex(((next % count) + count) % count);
  const onArrowKeys = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(count - 1);
    else return;
    event.preventDefault();
  };
  const text = messages.carousel;

  if (count === 0) return null;
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      data-rotating={rotating ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="container">
        <h2 id={headingId}>{heading}</h2>
        {intro ? <p className="section-intro">{intro}</p> : null}
        {count > 1 ? (
          <div className="carousel__controls">
            {canPlay ? (
              <button
                type="button"
                className="carousel__button carousel__button--pause"
                onClick={() => setPaused((value) => !value)}
              >
                {paused ? <PlayIcon /> : <PauseIcon />}
                <span>{paused ? text.play : text.pause}</span>
              </button>
            ) : null}
            <div className="carousel__nav">
              <button
                type="button"
                className="carousel__button"
                aria-controls={slidesId}
                aria-label={text.previous}
                onClick={() => show(index - 1)}
                onKeyDown={onArrowKeys}
              >
                <Chevron direction="left" />
              </button>
              <div className="carousel__dots">
                {slides.map((slide, position) => (
                  <button
                    key={slide._key}
                    type="button"
                    className="carousel__dot"
                    aria-controls={slidesId}
                    aria-label={text.show(
                      cleanStega(slide.title) ?? text.slide(position + 1, count),
                    )}
                    aria-current={position === index ? 'true' : undefined}
                    onClick={() => show(position)}
                    onKeyDown={onArrowKeys}
                  />
                ))}
              </div>
              <button
                type="button"
                className="carousel__button"
                aria-controls={slidesId}
                aria-label={text.next}
                onClick={() => show(index + 1)}
                onKeyDown={onArrowKeys}
              >
                <Chevron direction="right" />
              </button>
            </div>
          </div>
        ) : null}
        <div id={slidesId} className="carousel__slides" aria-live={rotating ? 'off' : 'polite'}>
          {slides.map((slide, position) => (
            <div
              key={slide._key}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={text.slide(position + 1, count)}
              hidden={position !== index}
            >
              <ContentImage
                image={slide.image}
                className="carousel__image"
                sizes="(min-width: 900px) 560px, 100vw"
                widths={[360, 560, 800, 1120]}
              />
              <div className="carousel__text">
                <h3>{slide.title}</h3>
                {slide.text ? <p>{slide.text}</p> : null}
                {slide.link?.href && slide.link.label ? (
                  <CmsLink href={slide.link.href} className="button button--accent">
                    {slide.link.label}
                  </CmsLink>
                ) : null}
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M8 5l11 7-11 7z" fill="currentColor" />
    </svg>
  );
}
