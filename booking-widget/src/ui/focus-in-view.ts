// WCAG 2.2 "Focus Not Obscured": the wizard's footer sticks to the bottom of the screen (on a phone
// a seventh of it), so a field focused just above the screen's bottom edge would sit under it.
// The footer's height is kept in --_footer-space on the wizard, which every control of the step
// uses as its scroll-margin-bottom, so scrolling it into view stops above the footer. A control the
// footer covers when it gets focus (reached with Tab, or tapped at the footer's edge) is scrolled
// into view at once, with that margin, before the browser's own scrolling (which leaves a control
// that is partly on screen where it is).

const FOOTER = '.cb-footer:not(.cb-footer--static)';

/** Whether `element` is (partly) under the sticky footer. */
function isCovered(element: Element, footer: Element): boolean {
  const field = element.getBoundingClientRect();
  const bar = footer.getBoundingClientRect();
  return field.bottom > bar.top && field.top < bar.bottom && bar.height > 0;
}

/**
 * Keeps the focused control of `root` (the wizard) above its sticky footer; returns the cleanup.
 * Focus events come from the shadow root, where the controls are.
 */
export function keepFocusAboveFooter(root: HTMLElement): () => void {
  let frame = 0;
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    const footer = root.querySelector(FOOTER);
    if (!(target instanceof HTMLElement) || !footer || footer.contains(target)) return;
    // Read by the scroll below and by the browser's own scrolling into view.
    root.style.setProperty(
      '--_footer-space',
      `${Math.ceil(footer.getBoundingClientRect().height)}px`,
    );
    // A control partly on screen is "visible" to the browser, which then does not scroll it at
    // all, though the footer covers it: it is scrolled here, before the browser decides.
    if (isCovered(target, footer)) target.scrollIntoView({ block: 'nearest', behavior: 'auto' });
    // And once more after the browser's own scrolling, should that have left it covered.
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      if (target.isConnected && isCovered(target, footer)) {
        target.scrollIntoView({ block: 'nearest', behavior: 'auto' });
      }
    });
  };
  root.addEventListener('focusin', onFocusIn);
  return () => {
    cancelAnimationFrame(frame);
    root.removeEventListener('focusin', onFocusIn);
  };
}
