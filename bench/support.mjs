// What the bench sections share: a free loopback port, the production server started on it, a
// plain-text table and number formatting.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A TCP port nothing listens on right now, on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 2xx, or throws when the child exits or the time is up. */
export async function waitUntilUp(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}.`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

/**
 * server/index.ts in production mode on the build in `buildDir`, with the embedded adapters (SQLite in
 * `dataDir`, sandbox payments, outbox mail), so no account or network is needed.
 *
 * `checkout` is another checkout of the site with its own install and build (bench/compare.mjs):
 * its server runs on its own pinned Node, as `npm start` there would.
 *
 * @param {{ port: number, buildDir: string, dataDir: string, checkout?: string,
 *   env?: Record<string, string> }} options
 */
export function startServer({ port, buildDir, dataDir, checkout = root, env = {} }) {
  const node =
    checkout === root ? process.execPath : path.join(checkout, 'node_modules/node/bin/node');
  return spawn(node, ['server/index.ts'], {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      REMIX_BUILD_DIR: buildDir,
      ...env,
      // The per-client limits keep their production values: the API bench sends each request
      // from a client address of its own (bench/api.mjs).
    },
    // The request log (one JSON line per request) is written, as in production, but not shown.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Stops a child process and waits for it to exit (SIGKILL after five seconds). */
export function stopChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Rounds to `digits` decimals; null and undefined stay null. */
export function round(value, digits = 0) {
  return value === undefined || value === null || Number.isNaN(value)
    ? null
    : Number(value.toFixed(digits));
}

/** Bytes as kB (1 kB = 1000 bytes, as the widget's size script counts). */
export function kb(bytes, digits = 1) {
  return bytes === null || bytes === undefined ? 'n/a' : `${(bytes / 1000).toFixed(digits)} kB`;
}

/** A cell: numbers and text as they are, null as "n/a". */
function cell(value) {
  return value === null || value === undefined ? 'n/a' : String(value);
}

/**
 * Prints a table: the first column left-aligned, the others right-aligned.
 *
 * @param {string[]} header
 * @param {unknown[][]} rows
 */
export function printTable(header, rows) {
  const text = rows.map((row) => row.map(cell));
  const widths = header.map((title, index) =>
    Math.max(title.length, ...text.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells) =>
    cells
      .map((value, index) =>
        index === 0 ? value.padEnd(widths[index]) : value.padStart(widths[index]),
      )
      .join('  ')
      .trimEnd();
  console.log(line(header));
  for (const row of text) console.log(line(row));
}

/** A met / not met mark for an aim. */
export function mark(met) {
  if (met === null || met === undefined) return '?';
  return met ? '✓' : '✗';
}
