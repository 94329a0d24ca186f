// React 18's development build (the handler in integration tests runs through Vite) warns about
// `fetchPriority` on the hero image, which production React renders as it should. Pages with the
// hero take that warning and no other console error.
import { expect, vi } from 'vitest';

/** Lets the fetchPriority warning through; the returned check fails on any other console error. */
export function allowFetchPriorityWarning(): () => void {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => {
    const other = spy.mock.calls.filter(
      (call) => !call.map(String).join(' ').includes('fetchPriority'),
    );
    expect(other).toEqual([]);
  };
}
