// <services-carousel>: the home page's services carousel at work, after the WAI-ARIA carousel
// pattern (the markup is app/components/services-carousel.tsx). Previous/next and per-slide
// buttons, arrow keys on those buttons, a pause button first in the tab order, and a polite live
// region that announces slides the visitor changes (not the automatic ones). It moves on its own
// only when the visitor has not asked for reduced motion, and stops while the pointer is over it
// or focus is inside it. It runs on every page that shows it, with or without the app
// (docs/decisions/071-content-pages-without-the-app.md).

/** How long a slide shows before the next one while the slide show plays. */
export const CAROUSEL_INTERVAL_MS = 6000;

export class ServicesCarousel extends HTMLElement {
  #index = 0;
  #paused = false;
  #hovered = false;
  #focused = false;
  // Until the browser has answered, assume reduced motion: nothing moves before we know it may.
  #reducedMotion = true;
  #timer: number | undefined;
  #controller: AbortController | null = null;

  connectedCallback() {
    this.#controller?.abort();
    this.#controller = new AbortController();
    const { signal } = this.#controller;
    const section = this.querySelector<HTMLElement>('.carousel');
    if (!section) return;
    const slides = this.#slides();
    this.#index = Math.max(
      0,
      slides.findIndex((slide) => !slide.hidden),
    );

    const query = matchMedia('(prefers-reduced-motion: reduce)');
    const motion = () => {
      this.#reducedMotion = query.matches;
      this.#render();
    };
    query.addEventListener('change', motion, { signal });
    this.#reducedMotion = query.matches;

    const on = <K extends keyof HTMLElementEventMap>(
      target: Element | null,
      type: K,
      listener: (event: HTMLElementEventMap[K]) => void,
    ) => target?.addEventListener(type, listener as EventListener, { signal });

    on(this.querySelector('.carousel__button--pause'), 'click', () => {
      this.#paused = !this.#paused;
      this.#render();
    });
    on(this.querySelector('.carousel__prev'), 'click', () => this.#show(this.#index - 1));
    on(this.querySelector('.carousel__next'), 'click', () => this.#show(this.#index + 1));
    this.querySelectorAll('.carousel__dot').forEach((dot, position) =>
      on(dot, 'click', () => this.#show(position)),
    );
    for (const button of this.querySelectorAll('.carousel__nav button')) {
      on(button, 'keydown', (event) => {
        const count = this.#slides().length;
        if (event.key === 'ArrowRight') this.#show(this.#index + 1);
        else if (event.key === 'ArrowLeft') this.#show(this.#index - 1);
        else if (event.key === 'Home') this.#show(0);
        else if (event.key === 'End') this.#show(count - 1);
        else return;
        event.preventDefault();
      });
    }
    on(section, 'mouseenter', () => {
      this.#hovered = true;
      this.#render();
    });
    on(section, 'mouseleave', () => {
      this.#hovered = false;
      this.#render();
    });
    on(section, 'focusin', () => {
      this.#focused = true;
      this.#render();
    });
    on(section, 'focusout', (event) => {
      if (section.contains(event.relatedTarget as Node | null)) return;
      this.#focused = false;
      this.#render();
    });
    this.#render();
  }

  disconnectedCallback() {
    this.#controller?.abort();
    this.#controller = null;
    this.#stop();
  }

  #slides(): HTMLElement[] {
    return Array.from(this.querySelectorAll<HTMLElement>('.carousel__slide'));
  }

  #show(next: number) {
    const count = this.#slides().length;
    if (count === 0) return;
    this.#index = ((next % count) + count) % count;
    this.#render();
  }

  #stop() {
    if (this.#timer === undefined) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Puts the state on the page: the slide shown, the buttons, the live region and the timer. */
  #render() {
    const slides = this.#slides();
    const count = slides.length;
    const canPlay = !this.#reducedMotion && count > 1;
    const rotating = canPlay && !this.#paused && !this.#hovered && !this.#focused;
    slides.forEach((slide, position) => {
      slide.hidden = position !== this.#index;
    });
    this.querySelectorAll('.carousel__dot').forEach((dot, position) => {
      if (position === this.#index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    const section = this.querySelector<HTMLElement>('.carousel');
    if (section) section.dataset.rotating = String(rotating);
    this.querySelector('.carousel__slides')?.setAttribute('aria-live', rotating ? 'off' : 'polite');
    const pause = this.querySelector<HTMLButtonElement>('.carousel__button--pause');
    if (pause) {
      pause.hidden = !canPlay;
      const label = pause.querySelector('.carousel__pause-label');
      const text = this.#paused ? pause.dataset.playLabel : pause.dataset.pauseLabel;
      if (label && text && label.textContent !== text) label.textContent = text;
      // Which icon shows follows data-paused, in the stylesheet.
      pause.dataset.paused = String(this.#paused);
    }
    if (!rotating) this.#stop();
    else if (this.#timer === undefined) {
      this.#timer = window.setInterval(() => this.#show(this.#index + 1), CAROUSEL_INTERVAL_MS);
    }
  }
}
