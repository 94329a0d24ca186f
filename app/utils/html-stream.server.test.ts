import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Transform } from 'node:stream';
import {
  holdAppScriptsUntilPainted,
  moveDocumentEndToEnd,
  rewriteDocument,
} from './html-stream.server';

async function run(
  chunks: (string | Buffer)[],
  transform: () => Transform = moveDocumentEndToEnd,
): Promise<string> {
  const output: Buffer[] = [];
  const stream = Readable.from(chunks, { objectMode: false }).pipe(transform());
  for await (const chunk of stream) output.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(output).toString('utf8');
}

const streamed =
  '<!DOCTYPE html><html><head></head><body><p>Café</p><script>a()</script></body></html>' +
  '<!--$--><script>window.data.enqueue("é")</script><!--/$-->';
const valid =
  '<!DOCTYPE html><html><head></head><body><p>Café</p><script>a()</script>' +
  '<!--$--><script>window.data.enqueue("é")</script><!--/$--></body></html>';

/** Splits `text` at random byte offsets, as a network stream may. */
function splits(text: string) {
  const bytes = Buffer.from(text);
  return fc
    .uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 8 })
    .map((cuts) => {
      const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
      return points.slice(1).map((end, index) => bytes.subarray(points[index], end));
    });
}

describe('moveDocumentEndToEnd', () => {
  it('moves the closing body and html tags after the streamed scripts', async () => {
    expect(await run([streamed])).toBe(valid);
  });

  it('leaves a document that ends properly as it is', async () => {
    expect(await run([valid])).toBe(valid);
    expect(await run(['<p>no document end</p>'])).toBe('<p>no document end</p>');
  });

  it('works wherever the stream is split, even inside a tag or a character', async () => {
    await fc.assert(
      fc.asyncProperty(splits(streamed), async (chunks) => {
        expect(await run(chunks)).toBe(valid);
      }),
      { numRuns: 200 },
    );
  });
});

// What Remix 2's <Scripts nonce="n0" /> writes, shortened.
const remixScripts =
  '<script nonce="n0">window.__remixContext = {"a":"b<c"};</script>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/>' +
  '<link rel="modulepreload" href="/assets/index-B.js"/>' +
  '<script nonce="n0" type="module" async="">import * as route0 from "/assets/root-C.js";\n' +
  'import("/assets/entry.client-A.js");</script>' +
  '<script type="module" src="/widget/chauffeur-booking.js"></script>';
const held =
  '<script nonce="n0">window.__remixContext = {"a":"b<c"};</script>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" media="not all"/>' +
  '<link rel="modulepreload" href="/assets/index-B.js" media="not all"/>' +
  '<script nonce="n0" type="text/x-held-module">import * as route0 from "/assets/root-C.js";\n' +
  'import("/assets/entry.client-A.js");</script>' +
  '<script type="module" src="/widget/chauffeur-booking.js"></script>';

describe('holdAppScriptsUntilPainted', () => {
  it("holds back Remix's module preloads and its inline module script, nothing else", async () => {
    expect(await run([remixScripts], holdAppScriptsUntilPainted)).toBe(held);
  });

  it('leaves a page without them as it is', async () => {
    const page = '<p>Caf\u00e9 &lt; tea</p><script nonce="n0">a()</script>';
    expect(await run([page], holdAppScriptsUntilPainted)).toBe(page);
  });

  it('works wherever the stream is split, even inside a tag or a character', async () => {
    await fc.assert(
      fc.asyncProperty(splits(`<p>Café</p>${remixScripts}`), async (chunks) => {
        expect(await run(chunks, holdAppScriptsUntilPainted)).toBe(`<p>Café</p>${held}`);
      }),
      { numRuns: 200 },
    );
  });
});

describe('rewriteDocument', () => {
  const page = (scripts: string, end: string) =>
    `<!DOCTYPE html><html><head></head><body><p>Café</p>${scripts}${end}` +
    '<!--$--><script>window.data.enqueue("é")</script><!--/$-->';
  const streamedPage = page(remixScripts, '</body></html>');
  const rewritten = page(held, '') + '</body></html>';

  it('holds the scripts and moves the closing tags in one pass, wherever it is split', async () => {
    await fc.assert(
      fc.asyncProperty(splits(streamedPage), async (chunks) => {
        expect(await run(chunks, () => rewriteDocument({ holdScripts: true }))).toBe(rewritten);
      }),
      { numRuns: 200 },
    );
  });

  it('only moves the closing tags when the scripts are not held (the dev server)', async () => {
    expect(await run([streamedPage], () => rewriteDocument({ holdScripts: false }))).toBe(
      page(remixScripts, '') + '</body></html>',
    );
  });
});
