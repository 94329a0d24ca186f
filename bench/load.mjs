// Pages under load: autocannon against the site's pages as server/index.ts serves them to visitors
// without cookies (from its page cache, server/page-cache.ts, after the first render: the "cached"
// figure), to visitors with a cookie (rendered by Remix for every request: the "rendered" figure),
// and against the same bytes served from memory by a bare node:http server
// (bench/static-server.mjs), the practical upper bound on this machine. Neither side compresses
// (autocannon sends no Accept-Encoding), so both send the same bytes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { mark, printTable, root, round, stopChild } from './support.mjs';

/** The aim: a page answers within 2× of the static file. */
export const PAGE_TO_STATIC_AIM = 2;

/**
 * One autocannon run, as a promise of its results.
 *
 * @param {import('autocannon').Options} options
 */
export function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The figures of one run that the bench prints and keeps. */
export function summarise(result) {
  return {
    // Answers over the run's length: exact for short runs and for runs of a fixed `amount`.
    requestsPerSecond: round(result.requests.total / result.duration, 0),
    durationSeconds: result.duration,
    requests: result.requests.total,
    latencyMs: {
      p50: round(result.latency.p50, 1),
      p99: round(result.latency.p99, 1),
      max: round(result.latency.max, 1),
    },
    throughputBytesPerSecond: round(result.throughput.average, 0),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
  };
}

/** A warm-up run (discarded), then the measured run. */
async function measure(url, { connections, durationSeconds, warmupSeconds }, headers = {}) {
  if (warmupSeconds > 0) await cannon({ url, connections, duration: warmupSeconds, headers });
  return summarise(await cannon({ url, connections, duration: durationSeconds, headers }));
}

/** A cookie keeps a request out of the page cache, as a signed-in visitor's is. */
const RENDERED = { Cookie: 'bench=rendered' };

function startStaticServer(dir) {
  const child = spawn(process.execPath, [path.join(root, 'bench/static-server.mjs')], {
    env: { ...process.env, STATIC_DIR: dir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The static server exited with code ${code}.`)));
    child.stdout.on('data', (data) => {
      output += data;
      const line = output.split('\n')[0];
      if (output.includes('\n')) resolve({ child, port: JSON.parse(line).port });
    });
  });
}

/**
 * @param {{ base: string, paths: string[], connections: number, durationSeconds: number,
 *   warmupSeconds: number }} options
 */
export async function runLoad({ base, paths, connections, durationSeconds, warmupSeconds }) {
  // The static copies: each page's HTML as the site sent it once (identity encoding).
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-static-'));
  const files = new Map();
  for (const [index, pagePath] of paths.entries()) {
    const response = await fetch(new URL(pagePath, base), {
      headers: { 'Accept-Encoding': 'identity' },
    });
    if (!response.ok) throw new Error(`${pagePath} answered ${response.status}.`);
    const body = Buffer.from(await response.arrayBuffer());
    const name = `page-${index}.html`;
    writeFileSync(path.join(dir, name), body);
    files.set(pagePath, {
      name,
      bytes: body.length,
      cacheControl: response.headers.get('cache-control'),
    });
  }
  const { child, port } = await startStaticServer(dir);
  const settings = { connections, durationSeconds, warmupSeconds };
  const results = [];
  try {
    for (const pagePath of paths) {
      const file = files.get(pagePath);
      process.stderr.write(`Load: ${pagePath} …\n`);
      const page = await measure(new URL(pagePath, base).href, settings);
      const rendered = await measure(new URL(pagePath, base).href, settings, RENDERED);
      const staticFile = await measure(`http://127.0.0.1:${port}/${file.name}`, settings);
      const ratio =
        page.requestsPerSecond > 0
          ? round(staticFile.requestsPerSecond / page.requestsPerSecond, 2)
          : null;
      results.push({
        path: pagePath,
        htmlBytes: file.bytes,
        cacheControl: file.cacheControl,
        page,
        rendered,
        static: staticFile,
        // How many times more requests per second the static file got than the page.
        staticToPageRatio: ratio,
        withinAim: ratio !== null && ratio <= PAGE_TO_STATIC_AIM && page.non2xx === 0,
      });
    }
  } finally {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    connections,
    durationSeconds,
    warmupSeconds,
    inProcessPageCache: true,
    note:
      'page: visitors without cookies, answered from the page cache after the first render; ' +
      'rendered: the same page with a cookie, rendered by Remix for every request.',
    aim: `page req/s within ${PAGE_TO_STATIC_AIM}× of the same bytes served statically`,
    results,
  };
}

export function printLoad(load) {
  console.log(
    `\nPages under load (${load.connections} connections, ${load.durationSeconds} s each after ` +
      `${load.warmupSeconds} s warm-up; "cached": no cookie, from the page cache; "rendered": with a cookie)`,
  );
  printTable(
    [
      'page',
      'HTML kB',
      'cached req/s',
      'p50 ms',
      'p99 ms',
      'non-2xx',
      'rendered req/s',
      'p99 ms',
      'static req/s',
      'p50 ms',
      'p99 ms',
      'static/page',
      `≤${PAGE_TO_STATIC_AIM}×`,
    ],
    load.results.map((result) => [
      result.path,
      (result.htmlBytes / 1000).toFixed(1),
      result.page.requestsPerSecond,
      result.page.latencyMs.p50,
      result.page.latencyMs.p99,
      result.page.non2xx + result.page.errors,
      result.rendered.requestsPerSecond,
      result.rendered.latencyMs.p99,
      result.static.requestsPerSecond,
      result.static.latencyMs.p50,
      result.static.latencyMs.p99,
      result.staticToPageRatio === null ? null : `${result.staticToPageRatio}×`,
      mark(result.withinAim),
    ]),
  );
}
