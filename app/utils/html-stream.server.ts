// Rewrites of the streamed HTML document, applied to every page in entry.server.tsx. Both work
// on a stream that may be split anywhere, even inside a tag or a character.
import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';
import { HELD_APP_MODULE_TYPE, HELD_PRELOAD_MEDIA } from './start-app-after-paint';

const DOCUMENT_END = '</body></html>';

/** How many characters at the end of `text` could be the start of DOCUMENT_END. */
function partialEndLength(text: string): number {
  for (let length = Math.min(DOCUMENT_END.length - 1, text.length); length > 0; length -= 1) {
    if (DOCUMENT_END.startsWith(text.slice(-length))) return length;
  }
  return 0;
}

/** One rewrite of the document's text, given it piece by piece: what it can write so far. */
interface TextStep {
  push(text: string): string;
  /** What it held back, once the document has ended. */
  end(): string;
}

/**
 * React 18 streams the data of completed Suspense boundaries (Remix's loader data scripts among
 * them) after it has written "</body></html>", so the document ends with <script> elements after
 * </html>. Browsers cope, but it is invalid HTML (the W3C checker reports "Stray start tag
 * script"). This step holds the closing tags back and writes them at the very end.
 */
function documentEndStep(): TextStep {
  let pending = '';
  let found = false;
  return {
    push(piece) {
      let text = pending + piece;
      pending = '';
      if (!found) {
        const index = text.indexOf(DOCUMENT_END);
        if (index === -1) {
          const keep = partialEndLength(text);
          pending = text.slice(text.length - keep);
          text = text.slice(0, text.length - keep);
        } else {
          found = true;
          text = text.slice(0, index) + text.slice(index + DOCUMENT_END.length);
        }
      }
      return text;
    },
    end: () => pending + (found ? DOCUMENT_END : ''),
  };
}

// What Remix's <Scripts /> writes (see start-app-after-paint.ts): a module preload per script of
// the page, and one inline module script that imports the route modules and starts the app.
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"<>]*)"\/>/g;
const APP_MODULE_SCRIPT = /<script( nonce="[^"<>]*")? type="module" async="">/g;

/**
 * Holds the app's JavaScript back until the page has painted: the module preloads get a media
 * query that matches nothing (the browser skips them) and the inline module script a type the
 * browser does not run. The script from startAppAfterPaintScript undoes both after the first
 * paint. The elements stay where React expects them, so hydration finds the document it rendered.
 */
function heldScriptsStep(): TextStep {
  let pending = '';
  const rewrite = (text: string) =>
    text
      .replace(
        MODULE_PRELOAD,
        `<link rel="modulepreload" href="$1" media="${HELD_PRELOAD_MEDIA}"/>`,
      )
      .replace(APP_MODULE_SCRIPT, `<script$1 type="${HELD_APP_MODULE_TYPE}">`);
  return {
    push(piece) {
      const text = pending + piece;
      // A tag cut by the piece's end waits for the rest of it.
      const open = text.lastIndexOf('<');
      const cut = open > text.lastIndexOf('>') ? open : text.length;
      pending = text.slice(cut);
      return rewrite(text.slice(0, cut));
    },
    end: () => rewrite(pending),
  };
}

/** One stream transform applying `steps` in order: the bytes are decoded once, not per step. */
function textTransform(steps: TextStep[]): Transform {
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      let text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      for (const step of steps) text = step.push(text);
      callback(null, text);
    },
    flush(callback) {
      let text = decoder.end();
      for (const step of steps) text = step.push(text) + step.end();
      callback(null, text);
    },
  });
}

/** The closing tags moved after the streamed scripts (documentEndStep). */
export function moveDocumentEndToEnd(): Transform {
  return textTransform([documentEndStep()]);
}

/** The app's scripts held back until the page has painted (heldScriptsStep). */
export function holdAppScriptsUntilPainted(): Transform {
  return textTransform([heldScriptsStep()]);
}

/**
 * What entry.server.tsx applies to every page: the scripts held back when `holdScripts` (the
 * production build), and the closing tags moved to the end, in one pass over the text.
 */
export function rewriteDocument({ holdScripts }: { holdScripts: boolean }): Transform {
  return textTransform(holdScripts ? [heldScriptsStep(), documentEndStep()] : [documentEndStep()]);
}
