// The moment the customer first turns to the wizard: a pointer pressed, a key pressed or focus
// moved anywhere inside it. Step 1 works without what waits for this moment (the client's code
// with Zod, the booking horizon, the signed-in customer's details, the next steps' code), so a
// page with the wizard on it finishes loading without running that code (docs/decisions/073).

const EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Calls `engaged` once, on the first pointer, key or focus inside `root` (at once when focus is
 * there already). Returns a function that stops waiting.
 */
export function whenEngaged(root: ShadowRoot, engaged: () => void): () => void {
  let waiting = true;
  const stop = () => {
    waiting = false;
    for (const type of EVENTS) root.removeEventListener(type, onEvent, true);
  };
  function onEvent() {
    if (!waiting) return;
    stop();
    engaged();
  }
  if (root.activeElement) {
    engaged();
    return () => undefined;
  }
  for (const type of EVENTS) root.addEventListener(type, onEvent, { capture: true, passive: true });
  return stop;
}
