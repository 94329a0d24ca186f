// Page styles written into the document's <head> instead of linked: a stylesheet link blocks the
// first paint for a round trip to the server, which on a phone on 4G costs more than the few
// kilobytes of CSS a page needs (docs/decisions/013-styles-inlined-in-the-head.md). The root
// inlines the site-wide styles; each route names its own in its `handle` (imported with Vite's
// `?inline`, so they are the built, minified CSS), and <RouteStyles /> writes those of the routes
// on screen, each once. A route whose page is put together from content (its sections) names
// the styles its data needs with `stylesFor`, so a page carries only the CSS of what it shows.
// On client-side navigation React swaps them with the page.
import { useMatches } from '@remix-run/react';

export interface StylesHandle {
  /** CSS text, from `import css from '~/styles/….css?inline'`. */
  styles: readonly string[];
  /** More CSS text, chosen from the route's loader data (undefined when the loader failed). */
  stylesFor?: (data: unknown) => readonly string[];
}

function stylesOf(handle: unknown, data: unknown): readonly string[] {
  const { styles, stylesFor } = (handle ?? {}) as Partial<StylesHandle>;
  return [
    ...(Array.isArray(styles) ? styles : []),
    ...(typeof stylesFor === 'function' ? stylesFor(data) : []),
  ];
}

export function RouteStyles() {
  const matches = useMatches();
  const unique = [...new Set(matches.flatMap((match) => stylesOf(match.handle, match.data)))];
  return (
    <>
      {unique.map((css, index) => (
        // The CSS is our own build output, never content or user input.
        <style key={`${index}:${css.length}`} dangerouslySetInnerHTML={{ __html: css }} />
      ))}
    </>
  );
}
