// `npm run reindex-bookings`: fills what the staff views (bookings list, cancellation requests,
// reports) select by in bookings stored before those views queried the store
// (app/store/reindex-bookings.server.ts). Needed once on Firestore after deploying that release
// (with its indexes: firebase deploy --only firestore:indexes); the embedded SQLite store does it
// itself when it opens. Uses the same configuration as the server (.env, the environment) and its
// production build, so run `npm run build` first. Safe to run again. Exits 1 when the store fails.
import { withServerBuild } from './server-build.mjs';

await withServerBuild(async (server) => {
  const { looked, updated } = await server.reindexBookings();
  console.log(`Looked at ${looked} bookings; filled the staff fields of ${updated}.`);
  return 0;
});

// The store's clients (a SQLite connection, or Firestore's) keep the process alive.
process.exit(process.exitCode);
