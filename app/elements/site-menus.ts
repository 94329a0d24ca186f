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

const OPEN = ':popover-open';

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

  connectedCallback() {
    this.#controller?.abort();
    this.#controller = new AbortController();
    const { signal } = this.#controller;
    for (const button of this.querySelectorAll('button[popovertarget]')) {
      const popover = popoverOf(button);
      if (!popover || button.getAttribute('popovertargetaction') === 'hide') continue;
      const follow = () => button.setAttribute('aria-expanded', String(popover.matches(OPEN)));
      follow();
      popover.addEventListener('toggle', follow, { signal });
      // A followed link (a page of the app, or the same page's anchor) or a sent form (Sign out)
      // closes the menu.
      const close = (event: Event) => {
        const followed = event.type === 'submit' || (event.target as Element).closest('a[href]');
        if (followed && popover.matches(OPEN)) popover.hidePopover();
      };
      popover.addEventListener('click', close, { signal });
      popover.addEventListener('submit', close, { signal });
    }
    addEventListener('popstate', () => this.closeAll(), { signal });
    this.#phoneMenu(signal);
    for (const dropdown of this.querySelectorAll<HTMLElement>('.dropdown')) {
      this.#dropdown(dropdown, signal);
    }
  }

  disconnectedCallback() {
    this.#controller?.abort();
    this.#controller = null;
  }

  /** Closes every open menu of the header. */
  closeAll() {
    for (const popover of this.querySelectorAll<HTMLElement>('[popover]')) {
      if (popover.matches(OPEN)) popover.hidePopover();
    }
  }

  #phoneMenu(signal: AbortSignal) {
    const toggle = this.querySelector<HTMLButtonElement>('.menu-toggle');
    const nav = toggle ? popoverOf(toggle) : null;
    if (!toggle || !nav) return;
    const isOverlay = () => nav.matches(OPEN) && getComputedStyle(toggle).display !== 'none';
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Tab' || !isOverlay()) return;
        const items = [toggle, ...tabbable(nav)];
        const first = items[0];
        const last = items[items.length - 1];
        const active = document.activeElement as HTMLElement | null;
        const inside = active !== null && items.includes(active);
        if (
          !inside ||
          (event.shiftKey && active === first) ||
          (!event.shiftKey && active === last)
        ) {
          event.preventDefault();
          (event.shiftKey ? last : first)?.focus();
        }
      },
      { signal },
    );
    nav.addEventListener(
      'toggle',
      (event) => {
        if ((event as ToggleEvent).newState !== 'closed') return;
        const active = document.activeElement;
        if (!active || active === document.body || nav.contains(active)) toggle.focus();
      },
      { signal },
    );
  }

  #dropdown(dropdown: HTMLElement, signal: AbortSignal) {
    const button = dropdown.querySelector<HTMLButtonElement>('.dropdown__button');
    const list = button ? popoverOf(button) : null;
    if (!button || !list) return;
    const links = () => Array.from(list.querySelectorAll<HTMLAnchorElement>('a'));
    const focusItem = (index: number) => {
      const all = links();
      if (all.length > 0) all[(index + all.length) % all.length]?.focus();
    };
    list.addEventListener(
      'beforetoggle',
      (event) => {
        if ((event as ToggleEvent).newState !== 'open') return;
        const box = button.getBoundingClientRect();
        list.style.top = `${box.bottom}px`;
        // Hidden until now, the list has no width yet: its least width keeps it on the screen.
        const width = parseFloat(getComputedStyle(list).minWidth) || 0;
        list.style.left = `${Math.max(0, Math.min(box.left, innerWidth - width))}px`;
        list.style.right = 'auto';
      },
      { signal },
    );
    button.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        if (!list.matches(OPEN)) list.showPopover();
        focusItem(0);
      },
      { signal },
    );
    list.addEventListener(
      'keydown',
      (event) => {
        const current = links().indexOf(document.activeElement as HTMLAnchorElement);
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          focusItem(current + 1);
        } else if (event.key === 'ArrowUp') {
          event.preventDefault();
          focusItem(current - 1);
        }
      },
      { signal },
    );
    // Escape is the browser's: it closes the popover and gives focus back to the button.
    dropdown.addEventListener(
      'focusout',
      (event) => {
        if (dropdown.contains(event.relatedTarget as Node | null)) return;
        if (list.matches(OPEN)) list.hidePopover();
      },
      { signal },
    );
  }
}
