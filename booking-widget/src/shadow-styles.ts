// The widget's styles, adopted into its shadow root as constructable stylesheets. Why not
// <style> elements: a partner page whose Content-Security-Policy has no 'unsafe-inline' in
// style-src blocks them, and the widget would render unstyled. CSP governs markup (<style>,
// style="…" attributes) and fetched files, not sheets built through the CSSOM, so
// `new CSSStyleSheet()` + `replaceSync` works under any style-src. Why not <link rel="stylesheet">
// to our origin: that is one more request (and a flash of unstyled content) per step, it needs our
// origin in the partner's style-src, and the CSS would have to be emitted as hashed files the
// loader knows the names of; the sheets here travel inside the chunks that already load.
// A sheet is parsed once per document and shared by every widget on the page.
//
// This module imports nothing and is part of the loader (which must stay a few kilobytes); the
// loader hands these functions to the wizard (MountInput.styles), so one registry serves both and
// the loader imports no shared chunk before it can show its loading state.

const sheets = new Map<string, CSSStyleSheet>();

function constructable(): boolean {
  try {
    return (
      'adoptedStyleSheets' in ShadowRoot.prototype &&
      typeof CSSStyleSheet.prototype.replaceSync === 'function'
    );
  } catch {
    return false;
  }
}

/**
 * Adds the named CSS to the shadow root once, after the sheets it already has (so later steps'
 * rules come after the base rules, as they did with <style> elements in document order).
 */
export function adoptStyles(shadow: ShadowRoot, name: string, css: string): void {
  if (!constructable()) {
    // Browsers without constructable stylesheets (Safari before 16.4): a <style> element, which a
    // strict partner CSP would block there, but which every other page accepts.
    if (shadow.querySelector(`style[data-cb-styles="${name}"]`)) return;
    const style = document.createElement('style');
    style.dataset.cbStyles = name;
    style.textContent = css;
    const last = [...shadow.querySelectorAll('style[data-cb-styles]')].at(-1);
    if (last) last.after(style);
    else shadow.prepend(style);
    return;
  }
  let sheet = sheets.get(name);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(name, sheet);
  }
  if (shadow.adoptedStyleSheets.includes(sheet)) return;
  shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
}

/** Removes every sheet the widget adopted into the shadow root. */
export function dropStyles(shadow: ShadowRoot): void {
  if (constructable()) shadow.adoptedStyleSheets = [];
  for (const style of shadow.querySelectorAll('style[data-cb-styles]')) style.remove();
}

/** What the loader hands to the wizard's chunk. */
export interface ShadowStyles {
  adopt: typeof adoptStyles;
  drop: typeof dropStyles;
}
