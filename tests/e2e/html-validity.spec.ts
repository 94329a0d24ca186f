// The server-rendered HTML of every content page (tests/e2e/content-pages.ts) through the W3C HTML
// checker (vnu-jar), in one run of the checker for all pages.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { CONTENT_ROUTES } from './content-pages';

const vnuJar = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);

function javaAvailable(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('the W3C HTML checker finds no error on any content page', async ({ request }) => {
  test.skip(!javaAvailable(), 'java is not installed; the W3C HTML checker (vnu-jar) runs on it');
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'vnu-'));
  try {
    const files = new Map<string, string>();
    for (const route of CONTENT_ROUTES) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(200);
      const file = path.join(dir, `${route.replace(/\W+/g, '_') || 'home'}.html`);
      writeFileSync(file, await response.text());
      files.set(`file:${file}`, route);
    }
    const run = spawnSync(
      'java',
      ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files.keys()].map((arg) =>
        arg.replace(/^file:/, ''),
      ),
      { encoding: 'utf8', timeout: 90_000 },
    );
    expect(run.error, 'the checker ran').toBeUndefined();
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const errors = messages.map((message) => {
      const route = files.get(message.url ?? '') ?? message.url;
      return `${route}:${message.lastLine ?? '?'} ${message.message} ${message.extract ?? ''}`;
    });
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
