// The production server's log: every line a request causes carries that request's id, the one the
// response gives in X-Request-Id, across the HTTP server (server/, run from source) and the app (the
// Remix build) and through every await, even when requests overlap. A browser test because it
// needs the server build that `npm run test:e2e` makes first; no page is opened.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startServerProcess, type ServerProcess } from './server-process';

test.describe.configure({ mode: 'serial' });

let dir: string;
let server: ServerProcess;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'request-log-'));
  server = await startServerProcess(dir, { LOG_REQUESTS: 'true' });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const lines = () =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The contact page's feedback form as a robot fills it in (the hidden field too): the app logs it and drops it. */
function robotPost(requestId: string) {
  return fetch(`${server.site}/contact`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: server.site,
      'X-Request-Id': requestId,
    },
    body: new URLSearchParams({
      name: 'Robot',
      email: 'robot@example.com',
      message: 'Cheap watches',
      website: 'https://spam.example',
    }),
  });
}

test('each line a request causes carries its id, also when requests overlap', async () => {
  const ids = Array.from({ length: 6 }, (_, n) => `log-test-${n}-${Date.now().toString(36)}`);
  const responses = await Promise.all(ids.map(robotPost));
  for (const [n, response] of responses.entries()) {
    expect(response.headers.get('x-request-id')).toBe(ids[n]);
  }
  await expect
    .poll(() => lines().filter((line) => line.msg === 'request').length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(ids.length);
  for (const id of ids) {
    const mine = lines().filter((line) => line.requestId === id);
    // The app's own line (the honeypot) and the server's request line, both with this id.
    expect(mine.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['A form post was dropped by the honeypot', 'request']),
    );
  }
  const honeypotLines = lines().filter(
    (line) => line.msg === 'A form post was dropped by the honeypot',
  );
  expect(honeypotLines.map((line) => line.requestId).sort()).toEqual([...ids].sort());
});

test('a request without a usable id gets a new one, and its lines carry it', async () => {
  const response = await robotPost('bad id');
  const id = response.headers.get('x-request-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await expect
    .poll(
      () =>
        lines()
          .filter((line) => line.requestId === id)
          .map((line) => line.msg),
      {
        timeout: 15_000,
      },
    )
    .toEqual(expect.arrayContaining(['A form post was dropped by the honeypot', 'request']));
});

test('lines written outside any request carry no request id', () => {
  const serving = lines().find((line) => String(line.msg).includes('is serving on'));
  expect(serving).toBeDefined();
  expect(serving).not.toHaveProperty('requestId');
});
