// The unit project runs many test files in one worker without isolating them (vitest.config.ts).
// Before each file, the environment is put back as the worker started and the parsed
// configuration forgotten, so a file that sets variables for its own imports (vi.hoisted) sees
// them, and the files after it never do.
import { forgetConfig } from '~/utils/env.server';

const globalState = globalThis as { startingEnv?: Record<string, string | undefined> };
globalState.startingEnv ??= { ...process.env };
const startingEnv = globalState.startingEnv;

for (const key of Object.keys(process.env)) {
  if (!(key in startingEnv)) delete process.env[key];
}
for (const [key, value] of Object.entries(startingEnv)) {
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
}
forgetConfig();
