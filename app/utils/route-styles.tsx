// Page styles written into the document's <head> instead of linked: a stylesheet link blocks the
// first paint for a round trip to the server, which on a phone on 4G costs more than the few
// kilobytes of CSS a page needs (docs/decisions/013-styles-inlined-in-the-head.md). The root
// inlines the site-wide styles; each route names its own in its `handle` (imported with Vite's
// `?inline`, so they are the built, minified CSS), and <RouteStyles /> writes those of the routes
// on screen, each once. On client-side navigation React swaps them with the page.
import { useMatches } from '@remix-run/react';

export interface StylesHandle {
  /** CSS text, from `import css from '~/styles/….css?inline'`. */
  styles: readonly string[];
}

function stylesOf(handle: unknown): readonly string[] {
  const styles = (handle as Partial<StylesHandle> | undefined)?.styles;
  return Array.isArray(styles) ? styles : [];
}

export function RouteStyles() {
  const matches = useMatches();
  const unique = [...new Set(matches.flatMap((match) => stylesOf(match.handle)))];
  return (
    <>
      {unique.map((css, index) => (
        // The CSS is our own build output, never content or user input.
        <style key={`${index}:${css.length}`} dangerouslySetInnerHTML={{ __html: css }} />
      ))}
    </>
  );
}
