// React 18 streams the data of completed Suspense boundaries (Remix's loader data scripts among
// them) after it has written "</body></html>", so the document ends with <script> elements after
// </html>. Browsers cope, but it is invalid HTML (the W3C checker reports "Stray start tag
// script"). This transform holds the closing tags back and writes them at the very end.
import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';

const DOCUMENT_END = '</body></html>';

/** How many characters at the end of `text` could be the start of DOCUMENT_END. */
function partialEndLength(text: string): number {
  for (let length = Math.min(DOCUMENT_END.length - 1, text.length); length > 0; length -= 1) {
    if (DOCUMENT_END.startsWith(text.slice(-length))) return length;
  }
  return 0;
}

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
