// <site-menus>: what the header's two menus do beyond HTML (docs/decisions/033-shell-without-javascript.md).
//
// Both menus are HTML popovers opened by their buttons (popovertarget), so they open, close on
// Escape or a click outside and give focus back from the first paint, with or without the app.
// This element, around the header, adds the rest on every page, whether the app runs there or
// not (docs/decisions/071-content-pages-without-the-app.md):
// - aria-expanded on each menu button, following its popover;
// - a menu closes when one of its links is followed or the page changes;
// - on a phone, Tab and Shift+Tab stay in the open menu (the Menu button and its links), and focus
//   in the menu, or lost with it, goes back to the Menu button when it closes;
// - in the About Us menu: ArrowDown on its button opens it and focuses its first link, ArrowUp
//   and ArrowDown move between its links, focus leaving it closes it, and it opens under its
//   button (the stylesheet's place is for before this runs).
// Listeners sit on this element and find the menu from the event, and a mutation observer sets
// aria-expanded on buttons added later, so a menu a live draft adds in preview works at once.
// `toggle` and `beforetoggle` do not bubble: they are heard in the capture phase, which passes
// through this element on the way to the popover.

const OPEN = ':popover-open';
/** The buttons that open and close a menu (not those that only hide it). */
const OPENERS = 'button[popovertarget]:not([popovertargetaction="hide"])';

/** What Tab can reach: links, buttons and fields on screen, in document order. */
function tabbable(within: HTMLElement): HTMLElement[] {
  return Array.from(
    within.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea'),
  ).filter(
    (element) =>
      element.tabIndex >= 0 &&
      !(element as HTMLButtonElement).disabled &&
      element.getClientRects().length > 0,
  );
}

/** The popover a button opens (its popovertarget), or null. */
function popoverOf(button: Element): HTMLElement | null {
  const id = button.getAttribute('popovertarget');
  return id ? document.getElementById(id) : null;
}

export class SiteMenus extends HTMLElement {
  #controller: AbortController | null = null;
  #observer: MutationObserver | null = null;

  connectedCallback() {
    this.disconnectedCallback();
    this.#controller = new AbortController();
    const { signal } = this.#controller;
    const listen = (type: string, listener: (event: Event) => void, capture = false) =>
      this.addEventListener(type, listener, { signal, capture });
    listen('toggle', (event) => this.#toggled(event as ToggleEvent), true);
    listen('beforetoggle', (event) => this.#placeDropdown(event as ToggleEvent), true);
    listen('click', (event) => this.#closeFollowed(event));
    listen('submit', (event) => this.#closeFollowed(event));
    listen('keydown', (event) => this.#dropdownKeys(event as KeyboardEvent));
    listen('focusout', (event) => this.#leaveDropdown(event as FocusEvent));
    document.addEventListener('keydown', (event) => this.#trapPhoneMenu(event), { signal });
    addEventListener('popstate', () => this.closeAll(), { signal });
    this.#followAll();
    this.#observer = new MutationObserver(() => this.#followAll());
    this.#observer.observe(this, { childList: true, subtree: true });
  }

  disconnectedCallback() {
    this.#controller?.abort();
    this.#controller = null;
    this.#observer?.disconnect();
    this.#observer = null;
  }

  /** Closes every open menu of the header. */
  closeAll() {
    for (const popover of this.querySelectorAll<HTMLElement>('[popover]')) {
      if (popover.matches(OPEN)) popover.hidePopover();
    }
  }

  /** The buttons that open and close `popover` (not those that only hide it). */
  #openersOf(popover: HTMLElement): HTMLButtonElement[] {
    return Array.from(this.querySelectorAll<HTMLButtonElement>(OPENERS)).filter(
      (button) => button.getAttribute('popovertarget') === popover.id,
    );
  }

  /** Sets each menu button's aria-expanded from its popover, where it differs. */
  #followAll() {
    for (const button of this.querySelectorAll<HTMLButtonElement>(OPENERS)) {
      const popover = popoverOf(button);
      const expanded = String(Boolean(popover?.matches(OPEN)));
      if (popover && button.getAttribute('aria-expanded') !== expanded) {
        button.setAttribute('aria-expanded', expanded);
      }
    }
  }

  #toggled(event: ToggleEvent) {
    const popover = event.target;
    if (!(popover instanceof HTMLElement) || !popover.hasAttribute('popover')) return;
    for (const button of this.#openersOf(popover)) {
      button.setAttribute('aria-expanded', String(event.newState === 'open'));
    }
    // The phone menu closed: focus in it, or lost with it, goes back to its button.
    const toggle = this.#phoneToggle();
    if (event.newState === 'closed' && toggle && popoverOf(toggle) === popover) {
      const active = document.activeElement;
      if (!active || active === document.body || popover.contains(active)) toggle.focus();
    }
  }

  /** A followed link (a page of the app, or the same page's anchor) or a sent form closes its menu. */
  #closeFollowed(event: Event) {
    const target = event.target as Element;
    const followed = event.type === 'submit' || target.closest('a[href]');
    const popover = target.closest<HTMLElement>('[popover]');
    if (followed && popover && this.contains(popover) && popover.matches(OPEN)) {
      popover.hidePopover();
      // A link in the About Us list inside the phone menu closes that menu too.
      const outer = popover.parentElement?.closest<HTMLElement>('[popover]');
      if (outer?.matches(OPEN)) outer.hidePopover();
    }
  }

  #phoneToggle() {
    return this.querySelector<HTMLButtonElement>('.menu-toggle');
  }

  /** On a phone, Tab and Shift+Tab stay in the open menu: its button and its links. */
  #trapPhoneMenu(event: KeyboardEvent) {
    if (event.key !== 'Tab') return;
    const toggle = this.#phoneToggle();
    const nav = toggle ? popoverOf(toggle) : null;
    if (!toggle || !nav?.matches(OPEN) || getComputedStyle(toggle).display === 'none') return;
    const items = [toggle, ...tabbable(nav)];
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement as HTMLElement | null;
    const inside = active !== null && items.includes(active);
    if (!inside || (event.shiftKey && active === first) || (!event.shiftKey && active === last)) {
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    }
  }

  /** A dropdown's button and list, from any element inside the dropdown. */
  #dropdownOf(element: EventTarget | null) {
    const dropdown = element instanceof Element ? element.closest<HTMLElement>('.dropdown') : null;
    const button = dropdown?.querySelector<HTMLButtonElement>('.dropdown__button') ?? null;
    const list = button ? popoverOf(button) : null;
    return dropdown && button && list && this.contains(dropdown)
      ? { dropdown, button, list }
      : null;
  }

  /** The About Us list opens under its button. */
  #placeDropdown(event: ToggleEvent) {
    const found = this.#dropdownOf(event.target);
    if (event.newState !== 'open' || !found || found.list !== event.target) return;
    const { button, list } = found;
    const box = button.getBoundingClientRect();
    list.style.top = `${box.bottom}px`;
    // Hidden until now, the list has no width yet: its least width keeps it on the screen.
    const width = parseFloat(getComputedStyle(list).minWidth) || 0;
    list.style.left = `${Math.max(0, Math.min(box.left, innerWidth - width))}px`;
    list.style.right = 'auto';
  }

  /** ArrowDown on the button opens the list at its first link; the arrows move in the list. */
  #dropdownKeys(event: KeyboardEvent) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const found = this.#dropdownOf(event.target);
    if (!found) return;
    const { button, list } = found;
    const links = Array.from(list.querySelectorAll<HTMLAnchorElement>('a'));
    const focusItem = (index: number) => links[(index + links.length) % links.length]?.focus();
    if (event.target === button) {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      if (!list.matches(OPEN)) list.showPopover();
      focusItem(0);
    } else if (list.contains(event.target as Node)) {
      event.preventDefault();
      const current = links.indexOf(document.activeElement as HTMLAnchorElement);
      focusItem(event.key === 'ArrowDown' ? current + 1 : current - 1);
    }
  }

  /** Focus leaving a dropdown closes its list. Escape is the browser's (it returns focus). */
  #leaveDropdown(event: FocusEvent) {
    const found = this.#dropdownOf(event.target);
    if (!found || found.dropdown.contains(event.relatedTarget as Node | null)) return;
    if (found.list.matches(OPEN)) found.list.hidePopover();
  }
}
