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

/**
 * React 18 streams the data of completed Suspense boundaries (Remix's loader data scripts among
 * them) after it has written "</body></html>", so the document ends with <script> elements after
 * </html>. Browsers cope, but it is invalid HTML (the W3C checker reports "Stray start tag
 * script"). This transform holds the closing tags back and writes them at the very end.
 */
export function moveDocumentEndToEnd(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let found = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      let text = pending + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
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
      callback(null, text);
    },
    flush(callback) {
      callback(null, decoder.end() + pending + (found ? DOCUMENT_END : ''));
    },
  });
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
export function holdAppScriptsUntilPainted(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  const rewrite = (text: string) =>
    text
      .replace(
        MODULE_PRELOAD,
        `<link rel="modulepreload" href="$1" media="${HELD_PRELOAD_MEDIA}"/>`,
      )
      .replace(APP_MODULE_SCRIPT, `<script$1 type="${HELD_APP_MODULE_TYPE}">`);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = pending + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      // A tag cut by the chunk's end waits for the rest of it.
      const open = text.lastIndexOf('<');
      const cut = open > text.lastIndexOf('>') ? open : text.length;
      pending = text.slice(cut);
      callback(null, rewrite(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, rewrite(pending + decoder.end()));
    },
  });
}
