// Rendered pages of this checkout against another (an earlier commit, say), in turns: is rendering
// slower than it was? One `npm run bench` run cannot say: on a shared two-core machine requests per
// second swing by up to 2× from run to run. Here both servers run side by side and every round
// measures each once (the order alternating), so both meet the same noise; each round gives a ratio
// this/other, and the median of those ratios is the answer. Besides requests per second it reads
// the server process's CPU time per request (/proc/<pid>/stat, Linux), which noise moves less.
//
//   git worktree add ../site-before <commit> && (cd ../site-before && npm ci && npm run build)
//   npm run build && node bench/compare.mjs ../site-before
//
// Each checkout serves its own build and seed content with the embedded adapters and no request
// log. BENCH_COMPARE_PATHS (pages both have), BENCH_COMPARE_ROUNDS (6), BENCH_CONNECTIONS (10),
// BENCH_DURATION (5 s) and BENCH_WARMUP (1 s) change what is measured. The aim: this checkout
// answers at least 90 % of the other's rendered requests per second on every page.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cannon } from './load.mjs';
import {
  freePort,
  mark,
  printTable,
  root,
  round,
  startServer,
  stopChild,
  waitUntilUp,
} from './support.mjs';

/** The aim: rendered requests per second at least this share of the other checkout's. */
export const THROUGHPUT_AIM = 0.9;

const RENDERED = { Cookie: 'bench=rendered' };

/** The server's user and system CPU time so far, in ms (all its threads). */
function cpuMsOf(pid) {
  // Elsewhere than Linux there is no /proc: the CPU columns say n/a.
  if (!existsSync(`/proc/${pid}/stat`)) return Number.NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks of 1/100 s on Linux.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function serve(label, checkout) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-compare-${label}-`));
  const child = startServer({
    port,
    buildDir: path.join(checkout, 'build'),
    dataDir,
    checkout,
    env: { LOG_REQUESTS: 'false' },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/healthz`, child);
  return { label, base, child, dataDir };
}

async function measure(server, pagePath, settings) {
  const url = new URL(pagePath, server.base).href;
  const common = { url, connections: settings.connections, headers: RENDERED };
  await cannon({ ...common, duration: settings.warmupSeconds });
  const before = cpuMsOf(server.child.pid);
  const result = await cannon({ ...common, duration: settings.durationSeconds });
  const cpuMs = cpuMsOf(server.child.pid) - before;
  const requests = result.requests.total;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${server.label} ${pagePath}: ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
  }
  return { requestsPerSecond: requests / result.duration, cpuMsPerRequest: cpuMs / requests };
}

export async function runCompare({ other, paths, rounds, settings }) {
  const servers = [await serve('this', root), await serve('other', other)];
  try {
    const pages = [];
    for (const pagePath of paths) {
      const ratios = { requestsPerSecond: [], cpuMsPerRequest: [] };
      const runs = { this: [], other: [] };
      for (let roundIndex = 0; roundIndex < rounds; roundIndex += 1) {
        process.stderr.write(`Compare: ${pagePath} (${roundIndex + 1} of ${rounds}) …\n`);
        const order = roundIndex % 2 === 0 ? servers : [...servers].reverse();
        const results = {};
        for (const server of order) {
          results[server.label] = await measure(server, pagePath, settings);
          runs[server.label].push(results[server.label]);
        }
        for (const key of Object.keys(ratios)) {
          ratios[key].push(results.this[key] / results.other[key]);
        }
      }
      const requestsRatio = median(ratios.requestsPerSecond);
      pages.push({
        path: pagePath,
        rounds,
        thisRequestsPerSecond: median(runs.this.map((run) => run.requestsPerSecond)),
        otherRequestsPerSecond: median(runs.other.map((run) => run.requestsPerSecond)),
        requestsPerSecondRatio: requestsRatio,
        cpuMsPerRequestRatio: median(ratios.cpuMsPerRequest),
        thisCpuMsPerRequest: median(runs.this.map((run) => run.cpuMsPerRequest)),
        otherCpuMsPerRequest: median(runs.other.map((run) => run.cpuMsPerRequest)),
        withinAim: requestsRatio >= THROUGHPUT_AIM,
      });
    }
    return { other, aim: THROUGHPUT_AIM, settings, pages };
  } finally {
    for (const server of servers) {
      await stopChild(server.child);
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

export function printCompare(report) {
  console.log(
    `\nRendered pages, this checkout against ${report.other} (medians of ${report.pages[0]?.rounds ?? 0} ` +
      `rounds in turns; aim: this ≥ ${report.aim * 100} % of the other's req/s)`,
  );
  printTable(
    ['page', 'req/s', 'other', 'ratio', 'CPU ms/req', 'other', 'ratio', 'aim'],
    report.pages.map((page) => [
      page.path,
      round(page.thisRequestsPerSecond),
      round(page.otherRequestsPerSecond),
      page.requestsPerSecondRatio.toFixed(2),
      round(page.thisCpuMsPerRequest, 2),
      round(page.otherCpuMsPerRequest, 2),
      Number.isNaN(page.cpuMsPerRequestRatio) ? null : page.cpuMsPerRequestRatio.toFixed(2),
      mark(page.withinAim),
    ]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const other = path.resolve(process.argv[2] ?? '');
  if (!process.argv[2] || !existsSync(path.join(other, 'build/server/index.js'))) {
    console.error('Usage: node bench/compare.mjs <another checkout with its own npm ci and build>');
    process.exit(2);
  }
  const number = (name, fallback) => Number(process.env[name] ?? fallback);
  const report = await runCompare({
    other,
    paths: (process.env.BENCH_COMPARE_PATHS ?? '/,/fleet,/faqs,/service-area-brisbane').split(','),
    rounds: number('BENCH_COMPARE_ROUNDS', 6),
    settings: {
      connections: number('BENCH_CONNECTIONS', 10),
      durationSeconds: number('BENCH_DURATION', 5),
      warmupSeconds: number('BENCH_WARMUP', 1),
    },
  });
  printCompare(report);
}
