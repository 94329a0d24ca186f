// `npm run staff -- grant <email>` / `npm run staff -- revoke <email>`: gives an account the staff
// role, or takes it away (app/staff/staff-role.server.ts). The account must exist: sign up first.
// Uses the same configuration as the server (.env, the environment: local accounts in DATA_DIR, or
// Firebase Auth's `staff` custom claim) and its production build, so run `npm run build` first.
// Takes effect on the account's next request. Exits 1 when nothing was changed.
import { withServerBuild } from './server-build.mjs';

const USAGE = 'Usage: npm run staff -- grant <email> | revoke <email>';

const [command, email, ...rest] = process.argv.slice(2);

if (!['grant', 'revoke'].includes(command) || !email || rest.length > 0) {
  console.error(USAGE);
  process.exit(1);
}

await withServerBuild(async (server) => {
  const result = await server.setStaffRole(command, email);
  if (result.ok) console.log(result.message);
  else console.error(result.message);
  return result.ok ? 0 : 1;
});

// The build exposes no way to close the accounts it opened (a SQLite connection, or Firebase's
// clients, which keep sockets open): end the process now that the answer is printed.
process.exit(process.exitCode);
