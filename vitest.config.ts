import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { siteElements } from './scripts/site-elements-plugin.ts';

// Unit tests live beside the code; integration tests under tests/integration. Browser tests are
// Playwright's (tests/e2e) and never run here.
const shared = {
  setupFiles: ['tests/setup/strict-console.ts'],
  environment: 'node' as const,
  exclude: ['**/node_modules/**'],
  testTimeout: 20_000,
};

const unitTests = [
  'app/**/*.test.{ts,tsx}',
  'server/**/*.test.ts',
  'scripts/**/*.test.ts',
  'packages/*/src/**/*.test.ts',
  'booking-widget/src/**/*.test.{ts,tsx}',
  'studio/**/*.test.ts',
];

// Most unit test files share workers (no isolation, so modules load once per worker: the suite
// runs in seconds). A file that replaces modules (vi.mock) or changes the process environment gets
// a fresh module graph of its own, so what it changes never reaches the files after it.
const changesProcessState = /\bvi\.(mock|doMock|hoisted|stubEnv)\(|process\.env\b/;
const isolatedUnitTests = globSync(unitTests, { exclude: (name) => name === 'node_modules' })
  .filter((file) => changesProcessState.test(readFileSync(file, 'utf8')))
  .sort();

// Three projects: `npm run test:unit` runs the first two (seconds, for the edit-test loop),
// `npm run test:integration` the suites that start servers, stores and emulators; `npm test`
// runs all three.
export default defineConfig({
  plugins: [siteElements()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    passWithNoTests: false,
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'unit',
          setupFiles: [...shared.setupFiles, 'tests/setup/fresh-process-state.ts'],
          pool: 'threads',
          isolate: false,
          include: unitTests,
          exclude: [...shared.exclude, ...isolatedUnitTests],
          hookTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: 'unit-isolated',
          pool: 'threads',
          include: isolatedUnitTests,
          hookTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
