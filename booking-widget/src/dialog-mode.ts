// The popup and floating modes of <chauffeur-booking> (docs/partners.md, "Three ways to show the
// widget"): the same wizard in a modal <dialog> inside the element's shadow root, opened by any
// element of the page with `data-chauffeur-booking` (popup), by a "Book a chauffeur" button fixed
// in a corner (floating), or by `ChauffeurBooking.open()`. A modal dialog is what gives the rest:
// the page behind is inert, Escape closes it. Tab and Shift+Tab go round inside it, focus goes back
// to what opened it and the page behind does not scroll while it is open. The wizard stays mounted when
// the dialog closes, so the customer's draft is there when it opens again. Part of the loader:
// imports nothing that is not already in it.
export type WidgetMode = 'inline' | 'popup' | 'floating';

export const DIALOG_TEXT = {
  title: 'Book a chauffeur',
  close: 'Close the booking form',
  button: 'Book a chauffeur',
} as const;

export function modeOf(value: string | null): WidgetMode {
  return value === 'popup' || value === 'floating' ? value : 'inline';
}

/** The prefill an opener carries: its `data-pickup`, `data-drop`, … as the element's attributes. */
export const PREFILL_DATA = ['pickup', 'drop', 'date', 'passengers', 'vehicle'] as const;
export type PrefillInput = Partial<Record<(typeof PREFILL_DATA)[number], string | number>>;

export const DIALOG_CSS = `
.cb-dialog { box-sizing: border-box; width: min(56rem, calc(100vw - 2rem)); max-width: none; max-height: calc(100dvh - 2rem); padding: 0; border: 1px solid var(--cb-border, #dcd7cc); border-radius: var(--cb-radius, 6px); background: var(--cb-background, #f7f5f0); color: var(--cb-ink, #0f1419); overflow: auto; overscroll-behavior: contain; }
.cb-dialog::backdrop { background: rgb(15 20 25 / 0.6); }
.cb-dialog-bar { position: sticky; top: 0; z-index: 2; display: flex; align-items: center; justify-content: space-between; gap: 1rem; padding: 0.5rem 0.5rem 0.5rem 1rem; background: var(--cb-surface, #ffffff); border-bottom: 1px solid var(--cb-border, #dcd7cc); }
.cb-dialog-title { margin: 0; font-size: 1.125rem; font-family: var(--cb-heading-font, var(--cb-font, system-ui, sans-serif)); }
.cb-dialog-close, .cb-fab { font: inherit; font-weight: 600; min-width: 44px; min-height: 44px; border-radius: var(--cb-radius, 6px); cursor: pointer; }
.cb-dialog-close { border: 1px solid var(--cb-ink, #0f1419); background: var(--cb-surface, #ffffff); color: var(--cb-ink, #0f1419); font-size: 1.5rem; line-height: 1; }
.cb-fab { position: fixed; bottom: 1rem; right: 1rem; z-index: 2147483000; padding: 0.75rem 1.25rem; border: 1px solid var(--cb-accent, #b08d57); background: var(--cb-accent, #b08d57); color: var(--cb-accent-ink, #0f1419); box-shadow: 0 4px 16px rgb(15 20 25 / 0.25); font-family: var(--cb-font, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif); }
:host([side='left']) .cb-fab { right: auto; left: 1rem; }
.cb-dialog-close:focus-visible, .cb-fab:focus-visible { outline: 3px solid var(--cb-focus, #7a5c2e); outline-offset: 2px; }
@media (max-width: 479px) {
  .cb-dialog { width: 100vw; height: 100dvh; max-height: none; margin: 0; border: 0; border-radius: 0; }
}
`;

export interface DialogParts {
  dialog: HTMLDialogElement;
  body: HTMLElement;
  /** The floating button; null in popup mode. */
  button: HTMLButtonElement | null;
}

/** Builds the dialog (and, floating, its button) into the shadow root. */
export function buildDialog(
  shadow: ShadowRoot,
  mode: 'popup' | 'floating',
  buttonLabel: string | null,
): DialogParts {
  const dialog = document.createElement('dialog');
  dialog.className = 'cb-dialog';
  dialog.setAttribute('aria-labelledby', 'cb-dialog-title');
  // showModal() makes it modal for browsers; said outright for screen readers that read only the
  // attribute (they would otherwise let their reading cursor wander onto the page behind).
  dialog.setAttribute('aria-modal', 'true');
  const bar = document.createElement('div');
  bar.className = 'cb-dialog-bar';
  const title = document.createElement('h2');
  title.className = 'cb-dialog-title';
  title.id = 'cb-dialog-title';
  title.textContent = DIALOG_TEXT.title;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'cb-dialog-close';
  close.setAttribute('aria-label', DIALOG_TEXT.close);
  close.textContent = '×';
  close.addEventListener('click', () => dialog.close());
  bar.append(title, close);
  const body = document.createElement('div');
  dialog.append(bar, body);
  keepFocusIn(dialog, shadow);
  let button: HTMLButtonElement | null = null;
  if (mode === 'floating') {
    button = document.createElement('button');
    button.type = 'button';
    button.className = 'cb-fab';
    button.textContent = buttonLabel?.trim().slice(0, 60) || DIALOG_TEXT.button;
    button.setAttribute('aria-haspopup', 'dialog');
  }
  shadow.replaceChildren(...(button ? [button] : []), dialog);
  return { dialog, body, button };
}

const TAB_STOPS =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** The dialog's controls Tab stops at, in order (hidden ones and unchecked radios left out). */
function tabStops(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(TAB_STOPS)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      element.getClientRects().length > 0 &&
      getComputedStyle(element).visibility !== 'hidden' &&
      !(element instanceof HTMLInputElement && element.type === 'radio' && !element.checked),
  );
}

/**
 * A modal dialog makes the page behind inert, but Tab from its last control still leaves the
 * document (to the browser's own controls, then back to the page's start): Tab from the last
 * goes to the first here, and Shift+Tab from the first to the last, so focus goes round inside.
 */
function keepFocusIn(dialog: HTMLDialogElement, shadow: ShadowRoot): void {
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
    const stops = tabStops(dialog);
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) return;
    const active = shadow.activeElement;
    if (event.shiftKey ? active === first || active === dialog : active === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  });
}

/** What the page's scroll was before the dialog locked it, to put back on close. */
let lockedOverflow: string | null = null;

export function lockPageScroll(): void {
  const root = document.documentElement;
  if (lockedOverflow === null) lockedOverflow = root.style.overflow;
  // Through the CSSOM, which a strict CSP allows (a style attribute in markup it would not).
  root.style.overflow = 'hidden';
}

export function unlockPageScroll(): void {
  if (lockedOverflow === null) return;
  document.documentElement.style.overflow = lockedOverflow;
  lockedOverflow = null;
}

/** An opener's prefill, from its data attributes. */
export function prefillOf(opener: Element | null): PrefillInput {
  const input: PrefillInput = {};
  if (!(opener instanceof HTMLElement)) return input;
  for (const name of PREFILL_DATA) {
    const value = opener.dataset[name];
    if (value !== undefined) input[name] = value;
  }
  return input;
}
