// The home page's services carousel, after the WAI-ARIA carousel pattern: its markup, with the
// first slide shown. What it does (buttons, arrow keys, playing on its own, the live region) is
// the <services-carousel> element's (app/elements/services-carousel.ts), which runs with or
// without the app.
import { useId } from 'react';
import { messages } from '@business-chauffeur/booking-contract/site';
import { CmsLink } from './cms-link';
import { ContentImage, type ContentImageValue } from './content-image';
import { cleanStega } from '~/utils/stega';

/** A slide as app/content/page-sections.server.ts leaves it: titled, its button complete. */
export interface CarouselSlide {
  _key: string;
  title: string;
  text: string | null;
  image: ContentImageValue | null;
  link: { label: string; href: string } | null;
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
  const text = messages.carousel;

  if (count === 0) return null;
  return (
    // What the buttons do: <services-carousel> (app/elements/services-carousel.ts). The first
    // slide shows until it runs; the pause button shows once it knows motion is welcome.
    <services-carousel>
      <section
        className="carousel"
        aria-roledescription="carousel"
        aria-labelledby={headingId}
        data-rotating="false"
      >
        <div className="container">
          <h2 id={headingId}>{heading}</h2>
          {intro ? <p className="section-intro">{intro}</p> : null}
          {count > 1 ? (
            <div className="carousel__controls">
              <button
                type="button"
                className="carousel__button carousel__button--pause"
                data-pause-label={text.pause}
                data-play-label={text.play}
                data-paused="false"
                hidden
              >
                <PauseIcon />
                <PlayIcon />
                <span className="carousel__pause-label">{text.pause}</span>
              </button>
              <div className="carousel__nav">
                <StepButton direction="left" controls={slidesId} label={text.previous} />
                <div className="carousel__dots">
                  {slides.map((slide, position) => (
                    <button
                      key={slide._key}
                      type="button"
                      className="carousel__dot"
                      aria-controls={slidesId}
                      aria-label={text.show(cleanStega(slide.title))}
                      aria-current={position === 0 ? 'true' : undefined}
                    />
                  ))}
                </div>
                <StepButton direction="right" controls={slidesId} label={text.next} />
              </div>
            </div>
          ) : null}
          <div id={slidesId} className="carousel__slides" aria-live="polite">
            {slides.map((slide, position) => (
              <div
                key={slide._key}
                className="carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={text.slide(position + 1, count)}
                hidden={position !== 0}
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
                  {slide.link ? (
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
    </services-carousel>
  );
}

/** The previous (left) or next (right) slide's button. */
function StepButton(props: { direction: 'left' | 'right'; controls: string; label: string }) {
  const { direction, controls, label } = props;
  return (
    <button
      type="button"
      className={`carousel__button carousel__${direction === 'left' ? 'prev' : 'next'}`}
      aria-controls={controls}
      aria-label={label}
    >
      <Chevron direction={direction} />
    </button>
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
    <svg
      className="carousel__icon--pause"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg
      className="carousel__icon--play"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M8 5l11 7-11 7z" fill="currentColor" />
    </svg>
  );
}
