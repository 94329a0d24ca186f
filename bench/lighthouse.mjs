// Lighthouse (mobile, its default settings: an emulated mid-range phone on a throttled 4G
// connection) against the production build, served by server.mjs on a free loopback port.
// Prints the four category scores and LCP / TBT / CLS of each page and writes
// bench/results/latest.json. Run with `npm run bench` (builds first); see bench/README.md.
//
//   BENCH_PATHS=/,/faqs   pages to audit (default: /, /fleet, /service-area-brisbane)
//   CHROMIUM_PATH         the browser (default: /usr/bin/chromium, as the browser tests use)
//   REMIX_BUILD_DIR       an existing build to serve (default: build)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const paths = (process.env.BENCH_PATHS ?? '/,/fleet,/service-area-brisbane')
  .split(',')
  .map((value) => value.trim())
  .filter(Boolean);
const chromePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const buildDir = path.resolve(root, process.env.REMIX_BUILD_DIR ?? 'build');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url, child, timeoutMs = 30_000) {
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

function startServer(port) {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(root, '.data/bench'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

function round(value, digits = 0) {
  return value === undefined || value === null ? null : Number(value.toFixed(digits));
}

async function audit(url, port) {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  const audits = lhr.audits;
  return {
    url,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, round((lhr.categories[id]?.score ?? 0) * 100)]),
    ),
    metrics: {
      lcpMs: round(audits['largest-contentful-paint']?.numericValue),
      tbtMs: round(audits['total-blocking-time']?.numericValue),
      cls: round(audits['cumulative-layout-shift']?.numericValue, 3),
      fcpMs: round(audits['first-contentful-paint']?.numericValue),
      speedIndexMs: round(audits['speed-index']?.numericValue),
    },
    // What keeps a category below 100, for whoever reads the results file.
    failedAudits: Object.values(audits)
      .filter(
        (item) =>
          item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== 'informative',
      )
      .map((item) => ({
        id: item.id,
        title: item.title,
        score: item.score,
        displayValue: item.displayValue,
        // Console errors and browser issues say what went wrong in their items.
        ...(item.id === 'errors-in-console' || item.id === 'inspector-issues'
          ? { items: item.details?.items?.slice(0, 10) }
          : {}),
      })),
    lighthouseVersion: lhr.lighthouseVersion,
    formFactor: lhr.configSettings.formFactor,
    throttlingMethod: lhr.configSettings.throttlingMethod,
  };
}

function printTable(results) {
  const header = ['page', 'perf', 'a11y', 'best', 'seo', 'LCP ms', 'TBT ms', 'CLS'];
  const rows = results.map((result) => [
    new URL(result.url).pathname,
    ...CATEGORIES.map((id) => String(result.scores[id])),
    String(result.metrics.lcpMs),
    String(result.metrics.tbtMs),
    String(result.metrics.cls),
  ]);
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => row[index].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, index) =>
        index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]),
      )
      .join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

async function main() {
  if (!existsSync(path.join(buildDir, 'server/index.js'))) {
    throw new Error(
      `No production build in ${buildDir}: run \`npm run build\` (npm run bench does).`,
    );
  }
  if (!chromePath && !process.env.CHROME_PATH) {
    throw new Error('No Chromium found: install Debian’s chromium or set CHROMIUM_PATH.');
  }
  const port = await freePort();
  const server = startServer(port);
  let chrome;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${base}/`, server);
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const results = [];
    for (const pagePath of paths) {
      process.stderr.write(`Auditing ${pagePath} …\n`);
      results.push(await audit(new URL(pagePath, base).href, chrome.port));
    }
    printTable(results);
    const outDir = path.join(root, 'bench/results');
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, 'latest.json');
    writeFileSync(
      file,
      `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
    );
    console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
