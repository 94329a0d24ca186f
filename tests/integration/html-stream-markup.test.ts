// The HTML rewrites of app/utils/html-stream.server.ts match the exact markup Remix's <Scripts />
// and React write, which no API promises. This renders a page through the real Remix build and
// entry and checks that the markup is still what the rewrites expect, so a Remix or React upgrade
// that changes it fails here, naming the markup, instead of silently leaving scripts unheld.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { holdAppScriptsUntilPainted } from '../../app/utils/html-stream.server';
import { HELD_APP_MODULE_TYPE } from '../../app/utils/start-app-after-paint';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const NONCE = 'pinned-nonce-123';
const env = useTestEnvironment();
let app: RemixApp;
let html: string;

beforeAll(async () => {
  // In production the entry holds the scripts itself; here (NODE_ENV=test) it leaves Remix's own
  // markup, which is what the rewrite has to recognise.
  app = await startRemixApp();
  // A page that loads the app (content pages load only the site's elements: decision 071).
  const response = await app.request('/contact', { cspNonce: NONCE });
  expect(response.status).toBe(200);
  html = await response.text();
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

async function hold(text: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from([text]).pipe(holdAppScriptsUntilPainted())) {
    chunks.push(Buffer.from(chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The inline module scripts: every one but the site's elements, which load from their file. */
function inlineModuleScripts(text: string): string[] {
  return [...text.matchAll(/<script[^>]*type="module"[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => !/\ssrc="/.test(tag));
}

describe('Remix’s markup, as html-stream.server.ts expects it', () => {
  it('writes each module preload as <link rel="modulepreload" href="…"/>', () => {
    const preloads = [...html.matchAll(/<link[^>]*modulepreload[^>]*>/g)].map(([tag]) => tag);
    expect(preloads.length, 'Remix wrote no <link rel="modulepreload"> at all').toBeGreaterThan(0);
    for (const tag of preloads) {
      expect(
        tag,
        'Remix’s module preload markup changed; holdAppScriptsUntilPainted expects ' +
          '<link rel="modulepreload" href="…"/> (MODULE_PRELOAD in app/utils/html-stream.server.ts)',
      ).toMatch(/^<link rel="modulepreload" href="[^"<>]*"\/>$/);
    }
  });

  it('writes the app’s start script as <script nonce="…" type="module" async="">', () => {
    const modules = inlineModuleScripts(html);
    expect(
      modules,
      'Remix’s inline module script changed; holdAppScriptsUntilPainted expects exactly one ' +
        `<script nonce="${NONCE}" type="module" async=""> (APP_MODULE_SCRIPT in ` +
        'app/utils/html-stream.server.ts)',
    ).toEqual([`<script nonce="${NONCE}" type="module" async="">`]);
  });

  it('leaves no preload or module script unheld once the rewrite has run', async () => {
    const held = await hold(html);
    expect(held).not.toMatch(/rel="modulepreload" href="[^"]*"\/>/);
    expect(inlineModuleScripts(held)).toEqual([]);
    expect(held).toContain(`<script nonce="${NONCE}" type="${HELD_APP_MODULE_TYPE}">`);
  });

  it('ends the document with the </body></html> moveDocumentEndToEnd looks for', () => {
    expect(html.endsWith('</body></html>'), 'the document no longer ends in </body></html>').toBe(
      true,
    );
    expect(html.split('</body></html>')).toHaveLength(2);
  });
});
