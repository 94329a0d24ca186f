// Every 503 that POST /api/bookings answers says when to try again (`Retry-After: 5`, as
// docs/hosted-adapters.md promises), through the real handler on the embedded store: the booking
// cannot be saved, because the store fails or because another process holds SQLite's write lock.
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, vi } from 'vitest';
import { sqliteStorePath } from '~/store/sqlite-database.server';
import { bookingApiSuite, expectError } from '../support/booking-api';
import { bookingBody, passenger } from '../support/quotes';

const { env, store, book } = bookingApiSuite();

async function expectRetryLater(response: Response, code: string) {
  expect(response.headers.get('Retry-After')).toBe('5');
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  await expectError(response, 503, code);
}

describe('POST /api/bookings answers 503 with Retry-After: 5', () => {
  it('when the booking cannot be saved', async () => {
    vi.spyOn(await store(), 'createBooking').mockRejectedValueOnce(new Error('disk full'));
    await expectRetryLater(await book(bookingBody()), 'booking_unavailable');
  });

  it('when another process holds the store’s write lock', async () => {
    const other = new DatabaseSync(sqliteStorePath(env.dataDir));
    try {
      other.exec('BEGIN IMMEDIATE');
      const body = bookingBody({ passenger: { ...passenger, email: 'retry.later@example.com' } });
      await expectRetryLater(await book(body), 'booking_unavailable');
    } finally {
      if (other.isTransaction) other.exec('ROLLBACK');
      other.close();
    }
  });
});
