// The documented production command, `npm run serve`, under a supervisor that stops it with
// SIGTERM to the process it started: the server shuts down and no node process is left behind
// holding the port. A browser test because it needs the server build that `npm run test:e2e` makes
// first (REMIX_BUILD_DIR, else ./build); no page is opened.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/firestore-emulator';

const build = path.resolve(process.env.REMIX_BUILD_DIR ?? 'build');

/** Every process below `pid`, from the process table. */
function descendantsOf(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of table) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
    (response) => response.ok,
    () => false,
  );

let started: ChildProcess | undefined;
let spawned: number[] = [];
let dataDir: string | undefined;

test.afterAll(() => {
  // Whatever the outcome, nothing this test started outlives it.
  for (const pid of [...spawned, started?.pid].filter((pid): pid is number => Boolean(pid))) {
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('npm run serve stops on SIGTERM to its pid, leaving no node process', async () => {
  test.setTimeout(60_000);
  expect(existsSync(path.join(build, 'server/index.js')), `a server build in ${build}`).toBe(true);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/healthz`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'bc-serve-signals-'));
  const serveEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    REMIX_BUILD_DIR: build,
    LOG_REQUESTS: 'false',
    RECONCILE_ON_START: 'false',
  };
  // The page cache on, as it is by default in production.
  delete serveEnv.PAGE_CACHE;
  started = spawn('npm', ['run', 'serve'], { env: serveEnv, stdio: 'ignore' });
  const exited = new Promise<number | null>((resolve) => started?.once('exit', resolve));
  expect(await until(() => answers(url), 30_000), 'the server starts').toBe(true);
  spawned = descendantsOf(started.pid as number);
  expect(spawned.length).toBeGreaterThan(0);

  process.kill(started.pid as number, 'SIGTERM');

  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  expect(alive(started.pid as number), 'npm has exited').toBe(false);
  expect(await until(async () => !(await answers(url)), 5_000), 'the port is closed').toBe(true);
  expect(
    await until(() => spawned.every((pid) => !alive(pid)), 5_000),
    'no child process is left',
  ).toBe(true);
});
