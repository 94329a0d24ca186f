// Lighthouse (mobile, its default settings: an emulated mid-range phone on a throttled 4G
// connection with a 4× slower CPU) against the production build. Gives the four category scores
// and LCP / TBT / CLS of each page, and what Lighthouse could not measure, with its reason.
// Run by bench/run.mjs (`npm run bench`); see bench/README.md.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mark, printTable, round } from './support.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The performance aims, per page (bench/README.md). */
export const AIMS = { performance: 95, lcpMs: 1500 };

const METRICS = {
  lcpMs: ['largest-contentful-paint', 0],
  tbtMs: ['total-blocking-time', 0],
  cls: ['cumulative-layout-shift', 3],
  fcpMs: ['first-contentful-paint', 0],
  speedIndexMs: ['speed-index', 0],
};

/** The browser Lighthouse drives: CHROMIUM_PATH, else Debian's chromium (as the browser tests). */
export function chromiumPath() {
  return (
    process.env.CHROMIUM_PATH ??
    process.env.CHROME_PATH ??
    (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
  );
}

async function audit(url, port) {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  const audits = lhr.audits;
  // What could not be measured, with Lighthouse's reason, instead of a silent 0.
  const runtimeError = lhr.runtimeError
    ? { code: lhr.runtimeError.code, message: lhr.runtimeError.message }
    : null;
  const problems = runtimeError ? [`${runtimeError.code}: ${runtimeError.message}`] : [];
  const metrics = {};
  for (const [name, [id, digits]] of Object.entries(METRICS)) {
    const item = audits[id];
    metrics[name] = round(item?.numericValue, digits);
    const shown = name === 'lcpMs' || name === 'tbtMs' || name === 'cls';
    // A metric that failed for the runtime error's reason needs no line of its own.
    if (metrics[name] === null && shown && item?.errorMessage !== runtimeError?.message) {
      problems.push(`${id}: ${item?.errorMessage ?? 'not measured'}`);
    }
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, score === null || score === undefined ? null : round(score * 100)];
    }),
  );
  for (const id of CATEGORIES) {
    if (scores[id] === null && !runtimeError) problems.push(`${id}: no score`);
  }
  const performanceMet = scores.performance !== null && scores.performance >= AIMS.performance;
  const lcpMet = metrics.lcpMs !== null && metrics.lcpMs <= AIMS.lcpMs;
  return {
    url,
    path: new URL(url).pathname,
    scores,
    metrics,
    runtimeError,
    problems: [...new Set(problems)],
    withinAim: performanceMet && lcpMet,
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
    // The transfer size of each script and stylesheet, as a cross-check of the sizes section.
    transfer: transferByType(audits['network-requests']?.details?.items ?? []),
    lighthouseVersion: lhr.lighthouseVersion,
    formFactor: lhr.configSettings.formFactor,
    throttlingMethod: lhr.configSettings.throttlingMethod,
  };
}

function transferByType(requests) {
  const totals = {};
  for (const request of requests) {
    const type = request.resourceType ?? 'Other';
    totals[type] = (totals[type] ?? 0) + (request.transferSize ?? 0);
  }
  return totals;
}

/**
 * Audits each page in one headless Chromium.
 *
 * Each page is audited `runs` times and reported by its median run (the run with the median
 * performance score), with the range of scores and the machine's load beside it: on a shared
 * machine one run says little, since the CPU slowdown is simulated on top of the real one.
 *
 * @param {{ base: string, paths: string[], runs?: number }} options
 */
export async function runLighthouse({ base, paths, runs = 1 }) {
  const chromePath = chromiumPath();
  if (!chromePath) {
    throw new Error('No Chromium found: install Debian’s chromium or set CHROMIUM_PATH.');
  }
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const results = [];
    for (const pagePath of paths) {
      const url = new URL(pagePath, base).href;
      const attempts = [];
      for (let run = 1; run <= runs; run += 1) {
        process.stderr.write(`Lighthouse: ${pagePath} (${run} of ${runs}) …\n`);
        attempts.push(await auditOnce(url, pagePath, chrome.port));
      }
      results.push(medianRun(attempts));
    }
    return { aims: AIMS, runs, results };
  } finally {
    await chrome.kill();
  }
}

/** One audit of a page, retried once after a runtime error; a page it cannot audit gets its reason. */
async function auditOnce(url, pagePath, port) {
  const loadAverage = round(loadavg()[0], 2);
  try {
    let result = await audit(url, port);
    // Lighthouse asks for another run after some failures (a trace without its navigation
    // start, say): one retry, and the page keeps the error only when it fails twice.
    if (result.runtimeError) {
      process.stderr.write(`Lighthouse: ${pagePath} again (${result.runtimeError.code}) …\n`);
      const retry = await audit(url, port);
      result = { ...retry, attempts: 2, firstRuntimeError: result.runtimeError };
    }
    return { ...result, loadAverage };
  } catch (error) {
    // A page Lighthouse could not audit at all still gets its row, with the reason.
    return {
      url,
      path: pagePath,
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, null])),
      metrics: Object.fromEntries(Object.keys(METRICS).map((name) => [name, null])),
      runtimeError: { code: error?.code ?? 'ERROR', message: String(error?.message ?? error) },
      problems: [`${error?.code ?? 'ERROR'}: ${error?.message ?? error}`],
      withinAim: false,
      failedAudits: [],
      loadAverage,
    };
  }
}

/** The run with the median performance score (runs without a score count as lowest). */
export function medianRun(attempts) {
  const score = (attempt) => attempt.scores.performance ?? -1;
  const sorted = [...attempts].sort((a, b) => score(a) - score(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const scores = attempts.map((attempt) => attempt.scores.performance);
  return {
    ...median,
    runs: attempts.length,
    performanceScores: scores,
    tbtMsByRun: attempts.map((attempt) => attempt.metrics.tbtMs),
    loadAverages: attempts.map((attempt) => attempt.loadAverage),
  };
}

export function printLighthouse(report) {
  console.log(
    `\nLighthouse, mobile defaults, the median of ${report.runs ?? 1} run(s) per page (aim: ` +
      `performance ≥ ${AIMS.performance} and LCP ≤ ${AIMS.lcpMs / 1000} s per page; load: the ` +
      `machine's 1-minute load average as each run began)`,
  );
  printTable(
    [
      'page',
      'perf',
      'a11y',
      'best',
      'seo',
      'LCP ms',
      'TBT ms',
      'CLS',
      'aim',
      'perf by run',
      'load',
    ],
    report.results.map((result) => [
      result.path,
      ...CATEGORIES.map((id) => result.scores[id]),
      result.metrics.lcpMs,
      result.metrics.tbtMs,
      result.metrics.cls,
      mark(result.withinAim),
      (result.performanceScores ?? []).map((score) => score ?? 'n/a').join(' '),
      (result.loadAverages ?? []).join(' '),
    ]),
  );
  for (const result of report.results) {
    if (result.firstRuntimeError) {
      console.log(`  ${result.path}: retried after ${result.firstRuntimeError.code}`);
    }
    for (const problem of result.problems) console.log(`  ${result.path}: ${problem}`);
  }
}
