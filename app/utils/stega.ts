// Stega: in draft mode, the text the CMS returns carries the Studio's edit link for each field,
// written in invisible characters (@vercel/stega), which the visual-editing overlays read
// (docs/decisions/052-visual-editing-in-draft-mode.md). Visitors never get it: published reads
// carry none. In draft mode it belongs in the text people read only: the <head>, JSON-LD and
// attributes get clean strings (cleanStega), and an image gets its edit link in a data-sanity
// attribute instead of its alternative text (imageEditProps). findStegaLeaks finds any that got
// through, for the draft-mode check in the browser and for the tests. Browser-safe, no server code.
import { vercelStegaClean, vercelStegaDecode } from '@vercel/stega';

/** Runs of the invisible characters stega writes (the same alphabet as @vercel/stega). */
// (The zero-width joiner stands apart: in a character class it would read as joining its neighbours.)
const STEGA_RUN = /(?:[\u200B\u200C\u2060-\u2063\uFEFF\u{1D173}-\u{1D17A}]|\u200D){4,}/u;

/** Whether a string carries stega. */
export function containsStega(value: string): boolean {
  return STEGA_RUN.test(value);
}

/** The value with every stega run removed, deeply for objects and arrays. */
export function cleanStega<T>(value: T): T {
  return vercelStegaClean(value);
}

/**
 * Props of an <img> whose alternative text may carry stega: the clean text as `alt`, and the edit
 * link (to the image itself rather than to its text) as `data-sanity`, which the overlays read.
 */
export function imageEditProps(alt: string): { alt: string; 'data-sanity'?: string } {
  if (!containsStega(alt)) return { alt };
  const edit = vercelStegaDecode<{ origin?: string; href?: string }>(alt);
  const clean = cleanStega(alt);
  if (edit?.origin !== 'sanity.io' || !edit.href) return { alt: clean };
  return {
    alt: clean,
    'data-sanity': JSON.stringify({ ...edit, href: edit.href.replace('.alt', '') }),
  };
}

export interface StegaLeak {
  /** Where it was found: "<head>", "JSON-LD", or the element and attribute. */
  where: string;
  value: string;
}

/**
 * Stega where it must never be: anywhere in the document's <head>, in JSON-LD, and in any
 * attribute. Text in the body is where it belongs.
 */
export function findStegaLeaks(document: Document): StegaLeak[] {
  const leaks: StegaLeak[] = [];
  const head = document.head.outerHTML;
  if (containsStega(head)) leaks.push({ where: '<head>', value: cleanStega(head).slice(0, 200) });
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    if (containsStega(script.textContent ?? '')) {
      leaks.push({ where: 'JSON-LD', value: cleanStega(script.textContent ?? '').slice(0, 200) });
    }
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      if (containsStega(attribute.value)) {
        leaks.push({
          where: `<${element.localName} ${attribute.name}>`,
          value: cleanStega(attribute.value),
        });
      }
    }
  }
  return leaks;
}

/**
 * What a leak found in draft mode does: an error on the console, which the browser tests fail on
 * and a developer sees.
 */
export function onSuspiciousStega(leaks: StegaLeak[]): void {
  for (const leak of leaks) {
    console.error(`Stega edit info in ${leak.where}: "${leak.value}". Clean it with cleanStega.`);
  }
}
