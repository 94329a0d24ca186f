// chauffeur-booking.js: the script partners include with one tag. It defines <chauffeur-booking>,
// gives it a Shadow DOM (host CSS cannot leak in or out) with a small loading state, and imports
// the wizard (hashed chunks next to this file) only when an element is on the page.
import type * as MountModule from './mount';
import { WIDGET_ATTRIBUTES, readOptions } from './options';
import { adoptStyles, dropStyles } from './shadow-styles';

export type { BookingWidgetEventMap } from './events';

const SCRIPT_URL = import.meta.url;
// The loader's only two texts live here, not in the contract's catalogue: the loader must stay a
// few kilobytes and load nothing before the wizard chunk.
const LOADING = 'Loading the booking form…';
const LOAD_FAILED =
  'The booking form could not be loaded. Please check your connection and refresh the page.';

// Only what the loading state needs; the wizard brings its own styles.
const LOADING_CSS = `
:host { display: block; font-family: var(--cb-font, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif); color: var(--cb-ink, #0f1419); }
:host([hidden]) { display: none; }
.cb-boot { min-height: 12rem; display: grid; place-items: center; padding: 1.5rem; border: 1px solid var(--cb-border, #dcd7cc); border-radius: var(--cb-radius, 6px); background: var(--cb-surface, #ffffff); }
:host([theme='dark']) .cb-boot { background: #1b2127; color: #f7f5f0; border-color: #3a4149; }
`;

interface MountedWidget {
  unmount: () => void;
}

type Mount = typeof MountModule.mount;

let wizard: Promise<Mount> | undefined;
function loadWizard(): Promise<Mount> {
  wizard ??= import('./mount').then((module) => module.mount);
  // A failed chunk load may be retried by a later element (say after the network came back).
  wizard.catch(() => {
    wizard = undefined;
  });
  return wizard;
}

export class ChauffeurBookingElement extends HTMLElement {
  static readonly observedAttributes = WIDGET_ATTRIBUTES;

  #mounted: MountedWidget | null = null;
  #starting = false;

  connectedCallback(): void {
    if (this.#mounted || this.#starting) return;
    this.#starting = true;
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const boot = document.createElement('div');
    boot.className = 'cb-boot';
    boot.setAttribute('role', 'status');
    boot.textContent = LOADING;
    shadow.replaceChildren(boot);
    // A constructable stylesheet, not a <style> element: a partner's strict CSP allows it.
    adoptStyles(shadow, 'boot', LOADING_CSS);

    const options = readOptions((name) => this.getAttribute(name), SCRIPT_URL);
    loadWizard()
      .then((mount) => {
        this.#starting = false;
        // The element may have left the page while the chunk was loading.
        if (!this.isConnected) return;
        this.#mounted = mount({
          host: this,
          shadow,
          options,
          styles: { adopt: adoptStyles, drop: dropStyles },
        });
      })
      .catch((error: unknown) => {
        this.#starting = false;
        boot.textContent = LOAD_FAILED;
        boot.setAttribute('role', 'alert');
        this.dispatchEvent(
          new CustomEvent('booking:error', {
            detail: { code: 'load_failed', message: LOAD_FAILED, step: 0 },
            bubbles: true,
            composed: true,
          }),
        );
        // The host page's developers need the chunk's address to fix a wrong path or CSP.
        console.error('chauffeur-booking: loading failed', error);
      });
  }

  disconnectedCallback(): void {
    // Moving the element (disconnect then connect in one task) keeps the wizard and its state.
    queueMicrotask(() => {
      if (this.isConnected || !this.#mounted) return;
      this.#mounted.unmount();
      this.#mounted = null;
    });
  }
}

if (!customElements.get('chauffeur-booking')) {
  customElements.define('chauffeur-booking', ChauffeurBookingElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'chauffeur-booking': ChauffeurBookingElement;
  }
}
