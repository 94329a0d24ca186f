// The BookingStore contract on the embedded SQLite adapter, plus what only SQLite has: migrations
// and a file that two stores (two server processes) share.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import type { BookingStore } from '~/store/booking-store.server';
import { createSqliteBookingStore, sqliteStorePath } from '~/store/sqlite-booking-store.server';
import { sqliteMigrations } from '~/store/sqlite-migrations.server';
import { sampleNewBooking } from '../support/booking-fixtures';
import { bookingStoreContract, type StoreHarness } from './booking-store.contract';

const root = mkdtempSync(path.join(tmpdir(), 'bc-sqlite-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let run = 0;
let filename = '';
let opened: BookingStore[] = [];

const harness: StoreHarness = {
  open(options = {}) {
    const store = createSqliteBookingStore({ filename, now: options.now });
    opened.push(store);
    return store;
  },
  async reset() {
    await Promise.all(opened.map((store) => store.close()));
    opened = [];
    run += 1;
    filename = sqliteStorePath(path.join(root, `run-${run}`));
  },
};

describe('SQLite booking store', () => {
  bookingStoreContract(() => harness);

  describe('its file', () => {
    it('uses a rollback journal (no memory-mapped WAL index) with every migration recorded once', async () => {
      await harness.reset();
      harness.open();
      harness.open(); // a second process opening the same file runs no migration twice
      const db = new DatabaseSync(filename);
      // WAL (a property of the file, unlike the rollback modes) keeps a memory-mapped -shm index:
      // a storage fault there kills the process with SIGBUS.
      expect(db.prepare('PRAGMA journal_mode').get()).not.toEqual({ journal_mode: 'wal' });
      expect(existsSync(`${filename}-shm`)).toBe(false);
      const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
      expect(versions.map((row) => row.version)).toEqual(sqliteMigrations.map((m) => m.version));
      db.close();
      await harness.reset();
    });

    it('keeps bookings across a restart', async () => {
      await harness.reset();
      const { booking } = await harness.open().createBooking(sampleNewBooking());
      await harness.reset();
      filename = sqliteStorePath(path.join(root, `run-${run - 1}`));
      await expect(harness.open().getBooking(booking.id)).resolves.toEqual(booking);
      await harness.reset();
    });

    it('refuses work once closed', async () => {
      await harness.reset();
      const store = harness.open();
      await store.close();
      await expect(store.ping()).rejects.toThrow(/closed/);
    });
  });
});
