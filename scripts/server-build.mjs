// What the operator commands (`npm run reconcile`, `npm run staff`, `npm run vitals`) share: each
// runs one function that the production build's server entry exports (app/entry.server.tsx), with
// the server's own configuration (.env, the environment), so `npm run build` must have run first.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(
  path.resolve(root, process.env.REMIX_BUILD_DIR ?? 'build'),
  'server/index.js',
);

/**
 * Loads the build (REMIX_BUILD_DIR, default build/) and sets the exit code to what `work(module)`
 * returns. Without a build it says to build and exits 1; a failure is printed (a configuration
 * error as its message, written for the person running the command) and exits with 1.
 *
 * @param {(module: Record<string, any>) => Promise<number>} work
 */
export async function withServerBuild(work) {
  if (!existsSync(entry)) {
    console.error(`No server build at ${entry}. Run \`npm run build\` first.`);
    process.exit(1);
  }
  try {
    process.env.NODE_ENV ??= 'production';
    const build = await import(pathToFileURL(entry).href);
    process.exitCode = await work(build.entry.module);
  } catch (error) {
    console.error(error?.name === 'ConfigError' ? error.message : error);
    process.exitCode = 1;
  }
}
