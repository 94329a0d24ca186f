// Pages by address on the embedded dataset: an edit to the dataset file is live on the next
// request (tests/support/pages-by-address.ts has the scenarios).
import { vi } from 'vitest';
import { pagesByAddressSuite } from '../support/pages-by-address';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

pagesByAddressSuite({
  environment: async () => ({}),
  publish: async () => undefined,
});
