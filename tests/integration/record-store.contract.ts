// What every store port's contract checks beyond its records: the test's lifecycle (empty storage
// before each test, every instance closed after), a record written by one instance is read by
// another on the same storage (two server processes), and a closed store refuses work with
// StoreUnavailableError, the one error the routes answer with 503.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { StoreUnavailableError } from '~/store/store-errors.server';
import type { Harness } from '../support/store-harness';

export function recordStoreLifecycle<S extends { close(): Promise<void> }>(
  getHarness: () => Harness<S>,
  { write, read }: { write: (store: S) => Promise<unknown>; read: (store: S) => Promise<unknown> },
) {
  beforeEach(async () => {
    await getHarness().reset();
  });

  afterEach(async () => {
    await getHarness().reset();
  });

  it('shows what one instance wrote to another on the same storage', async () => {
    const written = await write(getHarness().open());
    await expect(read(getHarness().open())).resolves.toEqual(written);
  });

  it('refuses work once closed, with StoreUnavailableError', async () => {
    const store = getHarness().open();
    await store.close();
    await expect(write(store)).rejects.toBeInstanceOf(StoreUnavailableError);
  });
}
