import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests live beside the code; integration tests under tests/integration. Browser tests are
// Playwright's (tests/e2e) and never run here.
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'booking-widget/src/**/*.test.{ts,tsx}',
      'studio/**/*.test.ts',
      'tests/integration/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**'],
    setupFiles: ['tests/setup/strict-console.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    passWithNoTests: false,
  },
});
