// chauffeur-booking.js: the script partners include with one tag. It defines <chauffeur-booking>,
// gives it a Shadow DOM (host CSS cannot leak in or out) with a small loading state, and imports
// the wizard (hashed chunks next to this file) only when an element is on the page (inline) or
// when its dialog first opens (popup and floating: dialog-mode.ts). It also defines the page's
// script API, `ChauffeurBooking.open()` and `.close()`.
import {
  buildDialog,
  DIALOG_CSS,
  lockPageScroll,
  modeOf,
  prefillOf,
  unlockPageScroll,
  type DialogParts,
  type PrefillInput,
} from './dialog-mode';
import type * as MountModule from './mount';
import { WIDGET_ATTRIBUTES, readOptions } from './options';
import { adoptStyles, dropStyles } from './shadow-styles';

export type { BookingWidgetEventMap } from './events';
export type { PrefillInput } from './dialog-mode';

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

// Step 1's date and time fields make the browser load its date formatting data, one long task on
// the main thread as the wizard first draws. A worker that formats a date first loads that data on
// another thread, and the main thread then finds it loaded (docs/decisions/072). A worker must be
// of the page's origin, so only where the loader is (the site's own pages): a partner's page pays
// the cost as before.
let warmed = false;
function warmLocaleData(): void {
  if (warmed) return;
  warmed = true;
  if (typeof Worker !== 'function' || new URL(SCRIPT_URL).origin !== location.origin) return;
  try {
    new Worker(new URL('./warm-locale.ts', import.meta.url));
  } catch {
    // A browser that refuses the worker draws step 1 all the same, only more slowly.
  }
}

/** Resolves in a later task of the event loop. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let wizard: Promise<Mount> | undefined;
function loadWizard(): Promise<Mount> {
  warmLocaleData();
  // The wizard's code is evaluated in one task and drawn in the next, so a phone can paint and
  // answer a tap between the two instead of being held for both at once (docs/decisions/073).
  wizard ??= import('./mount').then(async (module) => {
    await nextTask();
    return module.mount;
  });
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
  #dialog: DialogParts | null = null;
  #opener: Element | null = null;

  connectedCallback(): void {
    const mode = modeOf(this.getAttribute('mode'));
    if (mode !== 'inline') {
      this.#connectDialog(mode);
      return;
    }
    if (this.#mounted || this.#starting) return;
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    this.#start(shadow, null, {});
  }

  /** Opens the dialog (popup and floating modes); `prefill` counts only for a first opening. */
  open(prefill: PrefillInput = {}, opener: Element | null = document.activeElement): void {
    const parts = this.#dialog;
    if (!parts || parts.dialog.open) return;
    this.#opener = opener;
    lockPageScroll();
    parts.dialog.showModal();
    if (!this.#mounted && !this.#starting) this.#start(this.shadowRoot!, parts.body, prefill);
  }

  close(): void {
    this.#dialog?.dialog.close();
  }

  #connectDialog(mode: 'popup' | 'floating'): void {
    if (this.#dialog) return;
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const parts = buildDialog(shadow, mode, this.getAttribute('button-label'));
    adoptStyles(shadow, 'dialog', DIALOG_CSS);
    parts.button?.addEventListener('click', () => this.open({}, parts.button));
    // Closed by its button, Escape or close(): the page scrolls again and focus goes back.
    parts.dialog.addEventListener('close', () => {
      unlockPageScroll();
      const opener = this.#opener;
      this.#opener = null;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    });
    this.#dialog = parts;
    listenForOpeners();
  }

  /** Shows the loading state in `into` (or the whole root) and mounts the wizard there. */
  #start(shadow: ShadowRoot, into: HTMLElement | null, prefill: PrefillInput): void {
    this.#starting = true;
    const boot = document.createElement('div');
    boot.className = 'cb-boot';
    boot.setAttribute('role', 'status');
    boot.textContent = LOADING;
    if (into) into.replaceChildren(boot);
    else shadow.replaceChildren(boot);
    // A constructable stylesheet, not a <style> element: a partner's strict CSP allows it.
    adoptStyles(shadow, 'boot', LOADING_CSS);

    // An opener's data attributes (popup) come before the element's own.
    const options = readOptions((name) => {
      const given = (prefill as Record<string, string | number | undefined>)[name];
      return given === undefined ? this.getAttribute(name) : String(given);
    }, SCRIPT_URL);
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
          ...(into ? { into } : {}),
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
      if (this.isConnected) return;
      if (this.#dialog?.dialog.open) this.#dialog.dialog.close();
      if (!this.#mounted) return;
      this.#mounted.unmount();
      this.#mounted = null;
    });
  }
}

/** The first element in the popup or floating mode on the page, if any. */
function dialogWidget(): ChauffeurBookingElement | null {
  return document.querySelector<ChauffeurBookingElement>(
    'chauffeur-booking[mode="popup"], chauffeur-booking[mode="floating"]',
  );
}

let listening = false;
/** Any element with `data-chauffeur-booking` opens the dialog, with its data attributes. */
function listenForOpeners(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('click', (event) => {
    const opener =
      event.target instanceof Element ? event.target.closest('[data-chauffeur-booking]') : null;
    const widget = opener ? dialogWidget() : null;
    if (!opener || !widget) return;
    // A link as the opener still leads to the site's booking page without JavaScript.
    event.preventDefault();
    widget.open(prefillOf(opener), opener);
  });
}

/** The page's script API: `ChauffeurBooking.open({ pickup, vehicle, … })` and `.close()`. */
export interface ChauffeurBookingApi {
  /** Opens the booking dialog (adding a popup element to the page when it has none). */
  open(prefill?: PrefillInput): void;
  close(): void;
}

const api: ChauffeurBookingApi = {
  open(prefill = {}) {
    let widget = dialogWidget();
    if (!widget) {
      widget = document.createElement('chauffeur-booking');
      widget.setAttribute('mode', 'popup');
      document.body.append(widget);
    }
    widget.open(prefill, document.activeElement);
  },
  close() {
    for (const widget of document.querySelectorAll<ChauffeurBookingElement>('chauffeur-booking')) {
      widget.close();
    }
  },
};

declare global {
  interface Window {
    ChauffeurBooking: ChauffeurBookingApi;
  }
}
window.ChauffeurBooking ??= api;

if (!customElements.get('chauffeur-booking')) {
  customElements.define('chauffeur-booking', ChauffeurBookingElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'chauffeur-booking': ChauffeurBookingElement;
  }
}
