// `npm run reconcile`: settles the payments of recent bookings whose webhook never arrived, by
// reading them from the payment provider (app/booking/reconcile.server.ts). Uses the same
// configuration as the server (.env, the environment) and its production build, so run
// `npm run build` first. Safe to run at any time, from a scheduler too, beside running servers.
// Exits 1 when some booking could not be settled (it is logged; the next run tries again).
import { withServerBuild } from './server-build.mjs';

await withServerBuild(async (server) => {
  const summary = await server.reconcilePayments({
    ...(process.env.RECONCILE_DAYS ? { lookBackDays: Number(process.env.RECONCILE_DAYS) } : {}),
  });
  return summary.failed > 0 ? 1 : 0;
});
