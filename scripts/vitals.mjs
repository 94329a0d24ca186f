// `npm run vitals [-- --days N]`: how fast the site is for real visitors. Prints, per route and
// metric, the samples received and their 75th percentile over the last N Queensland days (7 by
// default, today included), and whether it meets Google's "good" threshold (LCP ≤ 2500 ms,
// INP ≤ 200 ms, CLS ≤ 0.1, FCP ≤ 1800 ms, TTFB ≤ 800 ms); /staff/vitals shows the same table
// (docs/decisions/032-real-user-vitals.md). Uses the same configuration as the server (.env, the
// environment: the SQLite file in DATA_DIR, or Firestore) and its production build, so run
// `npm run build` first. Exits 1 on a wrong argument or when the store cannot be read.
import { withServerBuild } from './server-build.mjs';

const USAGE = 'Usage: npm run vitals [-- --days N]   (N from 1 to 366, default 7)';

/** The number of days asked for (`--days N` or `--days=N`), 7 without; null when wrong. */
function daysOf(args) {
  if (args.length === 0) return 7;
  let text;
  if (args.length === 1 && args[0].startsWith('--days=')) text = args[0].slice('--days='.length);
  else if (args.length === 2 && args[0] === '--days') text = args[1];
  if (!/^\d+$/.test(text ?? '')) return null;
  const days = Number(text);
  return days >= 1 && days <= 366 ? days : null;
}

/** The report as a table of padded columns, numbers aligned to the right. */
function table(rows) {
  const header = ['Route', 'Metric', 'Samples', 'p75', 'Good at', 'Good'];
  const right = [false, false, true, true, true, false];
  const lines = [
    header,
    ...rows.map((row) => [
      row.route,
      row.metric,
      String(row.samples),
      row.shown,
      `≤ ${row.threshold}`,
      row.good ? 'yes' : 'no',
    ]),
  ];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  const format = (line) =>
    line
      .map((cell, column) =>
        right[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  return [
    format(lines[0]),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...lines.slice(1).map(format),
  ].join('\n');
}

const days = daysOf(process.argv.slice(2));
if (days === null) {
  console.error(USAGE);
  process.exit(1);
}

await withServerBuild(async (server) => {
  const report = await server.vitalsReport({ days });
  console.log(
    `Web Vitals of real visits, 75th percentile, ${report.from} to ${report.to} ` +
      `(last ${report.days} ${report.days === 1 ? 'day' : 'days'}, Queensland time)`,
  );
  console.log(report.rows.length === 0 ? 'No measurements in this period.' : table(report.rows));
  return 0;
});

// The build exposes no way to close the store it opened (a SQLite connection, or Firestore's
// clients, which keep sockets open): end the process now that the table is printed.
process.exit(process.exitCode);
