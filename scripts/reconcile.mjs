// `npm run reconcile`: settles the payments of recent bookings whose webhook never arrived, by
// reading them from the payment provider (app/booking/reconcile.server.ts). Uses the same
// configuration as the server (.env, the environment) and its production build, so run
// `npm run build` first. Safe to run at any time, from a scheduler too, beside running servers.
// Exits 1 when some booking could not be settled (it is logged; the next run tries again).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(
  path.resolve(root, process.env.REMIX_BUILD_DIR ?? 'build'),
  'server/index.js',
);

if (!existsSync(entry)) {
  console.error(`No server build at ${entry}. Run \`npm run build\` first.`);
  process.exit(1);
}

try {
  process.env.NODE_ENV ??= 'production';
  const build = await import(pathToFileURL(entry).href);
  const summary = await build.entry.module.reconcilePayments({
    ...(process.env.RECONCILE_DAYS ? { lookBackDays: Number(process.env.RECONCILE_DAYS) } : {}),
  });
  process.exitCode = summary.failed > 0 ? 1 : 0;
} catch (error) {
  console.error(error?.name === 'ConfigError' ? error.message : error);
  process.exitCode = 1;
}
