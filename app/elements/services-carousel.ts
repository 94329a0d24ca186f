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

    // Listeners on the element itself, not on each button: slides and buttons a live draft adds in
    // the Studio's preview (or takes away) work without a reload.
    const on = <K extends keyof HTMLElementEventMap>(
      type: K,
      listener: (event: HTMLElementEventMap[K]) => void,
    ) => this.addEventListener(type, listener as EventListener, { signal });
    const within = (event: Event, selector: string) =>
      event.target instanceof Element ? event.target.closest(selector) : null;

    on('click', (event) => {
      if (within(event, '.carousel__button--pause')) {
        this.#paused = !this.#paused;
        this.#render();
      } else if (within(event, '.carousel__prev')) this.#show(this.#index - 1);
      else if (within(event, '.carousel__next')) this.#show(this.#index + 1);
      else {
        const dot = within(event, '.carousel__dot');
        if (dot) this.#show(Array.from(this.querySelectorAll('.carousel__dot')).indexOf(dot));
      }
    });
    on('keydown', (event) => {
      if (!within(event, '.carousel__nav button')) return;
      const count = this.#slides().length;
      if (event.key === 'ArrowRight') this.#show(this.#index + 1);
      else if (event.key === 'ArrowLeft') this.#show(this.#index - 1);
      else if (event.key === 'Home') this.#show(0);
      else if (event.key === 'End') this.#show(count - 1);
      else return;
      event.preventDefault();
    });
    on('mouseenter', () => {
      this.#hovered = true;
      this.#render();
    });
    on('mouseleave', () => {
      this.#hovered = false;
      this.#render();
    });
    on('focusin', () => {
      this.#focused = true;
      this.#render();
    });
    on('focusout', (event) => {
      if (this.contains(event.relatedTarget as Node | null)) return;
      this.#focused = false;
      this.#render();
    });
    // A slide added or removed: the shown one stays in range, and the buttons follow.
    const changes = new MutationObserver(() => {
      const count = this.#slides().length;
      if (this.#index >= count) this.#index = Math.max(0, count - 1);
      this.#render();
    });
    changes.observe(section, { childList: true, subtree: true });
    signal.addEventListener('abort', () => changes.disconnect());
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
