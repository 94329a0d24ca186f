// The page paints before its JavaScript loads (docs/decisions/016-app-scripts-after-first-paint.md).
//
// Remix's <Scripts /> writes a module preload for each script of the page and an inline module
// script that imports the route modules and starts the app. Left alone, the browser fetches all
// of them (about 110 kB gzipped) at high priority alongside the HTML, fonts and hero image, and on
// a slow phone connection they compete for the same bandwidth before anything is on screen. The
// server holds them back (holdAppScriptsUntilPainted in html-stream.server.ts); this script, run
// inline at the end of the body, lets them go once the page has loaded and painted.

/** The media query the server gives held module preloads: it matches nothing, so none is fetched. */
export const HELD_PRELOAD_MEDIA = 'not all';

/** The type the server gives the held app module script: a data block, which the browser skips. */
export const HELD_APP_MODULE_TYPE = 'text/x-held-module';

/** The longest wait after the document is parsed, for a page whose images load slowly. */
export const LONGEST_HOLD_MS = 2500;

/**
 * The inline script that starts the app; root.tsx writes it just before <Scripts />. Plain
 * JavaScript in a string, so what runs is exactly this text on every build. In order:
 * - It waits for the load event and the first paint with content (the paint timing entry), by
 *   when the page shows what it first shows; or LONGEST_HOLD_MS after the document is parsed, so
 *   a slow image (or a tab in the background, which does not paint) does not keep the page from
 *   working for long.
 * - It puts the preloads back: a link fetches when it is connected again, here in its own place.
 * - It runs a copy of the held script as a module, taken out of the document at once (a script
 *   once inserted still runs), so the document React hydrates is the one the server sent.
 */
export const startAppAfterPaintScript = `(() => {
  let started = false;
  const start = () => {
    const held = document.querySelector('script[type="${HELD_APP_MODULE_TYPE}"]');
    if (started || !held) return;
    started = true;
    for (const link of document.querySelectorAll('link[rel="modulepreload"][media="${HELD_PRELOAD_MEDIA}"]')) {
      link.removeAttribute('media');
      link.parentNode.insertBefore(link, link.nextSibling);
    }
    const app = document.createElement('script');
    app.type = 'module';
    app.nonce = held.nonce;
    app.textContent = held.textContent;
    document.head.appendChild(app);
    app.remove();
  };
  let loaded = document.readyState === 'complete';
  let painted = !PerformanceObserver.supportedEntryTypes?.includes('paint');
  const startWhenReady = () => loaded && painted && setTimeout(start, 0);
  if (!painted) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      painted = true;
      startWhenReady();
    }).observe({ type: 'paint', buffered: true });
  }
  if (loaded) startWhenReady();
  else addEventListener('load', () => { loaded = true; startWhenReady(); }, { once: true });
  const fallback = () => setTimeout(start, ${LONGEST_HOLD_MS});
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fallback, { once: true });
  else fallback();
})();`.replace(/\n\s*/g, '');
