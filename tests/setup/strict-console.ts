// A test that makes the code log an unexpected console.error fails: errors are never ignored
// silently. A test that expects an error spies on console.error itself (vi.spyOn), which replaces
// this guard for that test.
import { afterEach, beforeEach, vi } from 'vitest';

let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
  });
});

afterEach(() => {
  const calls = unexpected;
  vi.restoreAllMocks();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called unexpectedly:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});
