import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveDocumentEndToEnd } from './html-stream.server';

async function run(chunks: (string | Buffer)[]): Promise<string> {
  const output: Buffer[] = [];
  const stream = Readable.from(chunks, { objectMode: false }).pipe(moveDocumentEndToEnd());
  for await (const chunk of stream) output.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(output).toString('utf8');
}

const streamed =
  '<!DOCTYPE html><html><head></head><body><p>Café</p><script>a()</script></body></html>' +
  '<!--$--><script>window.data.enqueue("é")</script><!--/$-->';
const valid =
  '<!DOCTYPE html><html><head></head><body><p>Café</p><script>a()</script>' +
  '<!--$--><script>window.data.enqueue("é")</script><!--/$--></body></html>';

describe('moveDocumentEndToEnd', () => {
  it('moves the closing body and html tags after the streamed scripts', async () => {
    expect(await run([streamed])).toBe(valid);
  });

  it('leaves a document that ends properly as it is', async () => {
    expect(await run([valid])).toBe(valid);
    expect(await run(['<p>no document end</p>'])).toBe('<p>no document end</p>');
  });

  it('works wherever the stream is split, even inside a tag or a character', async () => {
    const bytes = Buffer.from(streamed);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 8 }),
        async (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const chunks = points.slice(1).map((end, index) => bytes.subarray(points[index], end));
          expect(await run(chunks)).toBe(valid);
        },
      ),
      { numRuns: 200 },
    );
  });
});
