// `npm run bench` (after `npm run build`): serves the production build with server/index.ts on a free
// loopback port, with a fresh DATA_DIR and the embedded adapters, and measures
//
//   load        pages under load, against the same bytes served statically  (bench/load.mjs)
//   api         the booking API at 50 concurrent clients, then a check of the bookings (bench/api.mjs)
//   lighthouse  Lighthouse scores and LCP / TBT / CLS, mobile defaults       (bench/lighthouse.mjs)
//   sizes       HTML / CSS / JS per page, the widget, the largest image      (bench/sizes.mjs)
//   staff       the staff views' store queries at 100,000 bookings, SQLite and the Firestore
//               emulator (bench/staff.mjs; needs no server)
//
// It prints a table per section, then the aims met or not (an aim missed does not fail the run;
// a section that cannot run does), and writes everything to bench/results/latest.json.
// Options are environment variables, or the sections to run as arguments
// (`npm run bench -- staff`); see bench/README.md.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { printApi, runApi } from './api.mjs';
import { printLighthouse, runLighthouse } from './lighthouse.mjs';
import { printLoad, runLoad } from './load.mjs';
import { printSizes, runSizes } from './sizes.mjs';
import { printStaff, runStaff, STAFF_AIM_MS } from './staff.mjs';
import { freePort, mark, root, startServer, stopChild, waitUntilUp } from './support.mjs';

const SECTIONS = ['load', 'api', 'lighthouse', 'sizes', 'staff'];
/** The sections that measure the site's server (the others need none). */
const SERVED = new Set(['load', 'api', 'lighthouse', 'sizes']);

function list(name, fallback) {
  return (process.env[name] ?? fallback)
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

function positiveNumber(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number.`);
  return value;
}

function options() {
  // Sections named as arguments (npm run bench -- staff) take the place of BENCH_ONLY.
  const named = process.argv
    .slice(2)
    .flatMap((arg) => arg.split(','))
    .filter(Boolean);
  const only = named.length > 0 ? named : list('BENCH_ONLY', SECTIONS.join(','));
  const unknown = only.filter((name) => !SECTIONS.includes(name));
  if (unknown.length > 0) {
    throw new Error(`Unknown section ${unknown.join(', ')} (use ${SECTIONS.join(', ')}).`);
  }
  return {
    only: new Set(only),
    buildDir: path.resolve(root, process.env.REMIX_BUILD_DIR ?? 'build'),
    // Lighthouse and the sizes: the pages a visitor lands on, and the booking page.
    // /weddings: a landing page an editor made in the Studio (sections with the booking form),
    // added to the bench's copy of the dataset (benchDataset).
    pages: list('BENCH_PATHS', '/,/fleet,/booking,/service-area-brisbane,/weddings'),
    loadPages: list('BENCH_LOAD_PATHS', '/,/fleet,/faqs,/service-area-brisbane,/weddings'),
    lighthouseRuns: positiveNumber('BENCH_LIGHTHOUSE_RUNS', 3),
    durationSeconds: positiveNumber('BENCH_DURATION', 5),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 1),
    pageConnections: positiveNumber('BENCH_CONNECTIONS', 10),
    apiConnections: positiveNumber('BENCH_API_CONNECTIONS', 50),
    bookings: positiveNumber('BENCH_BOOKINGS', 1000),
    staffBookings: positiveNumber('BENCH_STAFF_BOOKINGS', 100_000),
    staffFirestoreBookings: positiveNumber(
      'BENCH_STAFF_FIRESTORE_BOOKINGS',
      process.env.BENCH_STAFF_BOOKINGS ?? 100_000,
    ),
  };
}

/** One line per performance aim, from whatever sections ran. */
function aims(results) {
  const lines = [];
  if (results.load?.results) {
    for (const page of results.load.results) {
      lines.push([
        page.withinAim,
        `${page.path}: static file ${page.staticToPageRatio ?? 'n/a'}× the page's req/s ` +
          '(aim ≤ 2× for cached pages)',
      ]);
      const rendered = page.rendered?.requestsPerSecond ?? 0;
      lines.push([
        rendered >= 500,
        `${page.path}: ${rendered} signed-in (rendered) req/s (aim ≥ 500)`,
      ]);
    }
  }
  if (results.api?.endpoints) {
    lines.push([
      results.api.errorFree,
      `booking API: no errors and no non-2xx answers at ${results.api.connections} clients`,
    ]);
    lines.push([results.api.uniqueness.ok, 'every booking stored once with a unique reference']);
    const endpoint = (name) => results.api.endpoints.find((item) => item.endpoint === name);
    const quotes = endpoint('POST /api/quotes');
    if (quotes) {
      lines.push([
        quotes.requestsPerSecond >= 1000 && quotes.latencyMs.p99 <= 100,
        `POST /api/quotes: ${quotes.requestsPerSecond} req/s, p99 ${quotes.latencyMs.p99} ms ` +
          '(aim ≥ 1,000 req/s, p99 ≤ 100 ms)',
      ]);
    }
    const places = endpoint('GET /api/places');
    if (places) {
      lines.push([
        places.requestsPerSecond >= 3000,
        `GET /api/places: ${places.requestsPerSecond} req/s (aim ≥ 3,000)`,
      ]);
    }
  }
  if (results.lighthouse?.results) {
    for (const page of results.lighthouse.results) {
      lines.push([
        page.withinAim,
        `${page.path}: performance ${page.scores.performance ?? 'n/a'} (≥ 95), LCP ` +
          `${page.metrics.lcpMs ?? 'n/a'} ms (≤ 1500)`,
      ]);
    }
  }
  if (results.sizes?.pages) {
    for (const page of results.sizes.pages) {
      lines.push([
        page.withinJsBudget,
        `${page.path}: ${(page.jsBytes / 1000).toFixed(1)} kB JS before the widget (≤ 150 kB)`,
      ]);
    }
    if (!results.sizes.widget.error) {
      lines.push([
        results.sizes.widget.loaderAndStepOneGzipBytes <= 60_000,
        `widget loader + step 1: ${(results.sizes.widget.loaderAndStepOneGzipBytes / 1000).toFixed(1)} kB (≤ 60 kB on /booking)`,
      ]);
    }
  }
  if (results.staff?.sqlite) {
    for (const [name, label] of [
      ['list', 'first list page'],
      ['search', 'search'],
      ['report', 'month report'],
    ]) {
      const figures = results.staff.sqlite[name];
      lines.push([
        figures.medianMs < STAFF_AIM_MS,
        `staff ${label} at ${results.staff.bookings} bookings on SQLite: ${figures.medianMs} ms ` +
          `(aim < ${STAFF_AIM_MS} ms)`,
      ]);
    }
  }
  return lines.map(([met, text]) => ({ met: Boolean(met), text }));
}

/**
 * The seed dataset with the pages an editor adds in the Studio (tests/support/landing-pages.ts),
 * in `dataDir`, for the server's CONTENT_DATASET_PATH; a CONTENT_DATASET_PATH given is used as is.
 */
async function benchDataset(dataDir) {
  if (process.env.CONTENT_DATASET_PATH) return process.env.CONTENT_DATASET_PATH;
  const { toowoombaArea, weddingsLandingPage } = await import('../tests/support/landing-pages.ts');
  const folder = path.join(dataDir, 'content');
  mkdirSync(folder, { recursive: true });
  const images = path.join(folder, 'images');
  if (!existsSync(images)) symlinkSync(path.join(root, 'content/images'), images);
  const added = [weddingsLandingPage(), toowoombaArea()].map((doc) => JSON.stringify(doc));
  const file = path.join(folder, 'dataset.ndjson');
  writeFileSync(
    file,
    `${readFileSync(path.join(root, 'content/dataset.ndjson'), 'utf8')}${added.join('\n')}\n`,
  );
  return file;
}

async function main() {
  const config = options();
  const served = [...config.only].some((name) => SERVED.has(name));
  if (served && !existsSync(path.join(config.buildDir, 'server/index.js'))) {
    throw new Error(
      `No production build in ${config.buildDir}: run \`npm run build\` (npm run bench does).`,
    );
  }
  const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  if (served) process.env.CONTENT_DATASET_PATH = await benchDataset(dataDir);
  const server = served ? startServer({ port, buildDir: config.buildDir, dataDir }) : null;
  const results = {};
  const failures = [];
  try {
    if (server) await waitUntilUp(`${base}/healthz`, server);
    const sections = {
      load: async () => {
        results.load = await runLoad({
          base,
          paths: config.loadPages,
          connections: config.pageConnections,
          durationSeconds: config.durationSeconds,
          warmupSeconds: config.warmupSeconds,
        });
        printLoad(results.load);
      },
      api: async () => {
        results.api = await runApi({
          base,
          dataDir,
          connections: config.apiConnections,
          durationSeconds: config.durationSeconds,
          warmupSeconds: config.warmupSeconds,
          bookings: config.bookings,
        });
        printApi(results.api);
      },
      lighthouse: async () => {
        results.lighthouse = await runLighthouse({
          base,
          paths: config.pages,
          runs: config.lighthouseRuns,
        });
        printLighthouse(results.lighthouse);
      },
      sizes: async () => {
        results.sizes = await runSizes({ base, paths: config.pages, buildDir: config.buildDir });
        printSizes(results.sizes);
      },
      staff: async () => {
        results.staff = await runStaff({
          count: config.staffBookings,
          firestoreCount: config.staffFirestoreBookings,
        });
        printStaff(results.staff);
      },
    };
    for (const name of SECTIONS) {
      if (!config.only.has(name)) continue;
      try {
        await sections[name]();
      } catch (error) {
        // One section failing leaves the others to run; the exit code says so at the end.
        const message = error instanceof Error ? error.message : String(error);
        results[name] = { error: message };
        failures.push(name);
        console.error(`\n${name}: ${message}`);
      }
    }
  } finally {
    await stopChild(server);
    if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }

  const summary = aims(results);
  if (summary.length > 0) {
    console.log('\nAims (printed, not enforced)');
    for (const { met, text } of summary) console.log(`  ${mark(met)} ${text}`);
  }

  const outDir = path.join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, 'latest.json');
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        sections: [...config.only],
        aims: summary,
        ...results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
  if (failures.length > 0) {
    throw new Error(`Sections that could not run: ${failures.join(', ')}.`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
