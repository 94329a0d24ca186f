// The BookingStore contract on the embedded SQLite adapter, plus what only SQLite has: migrations
// and a file that two stores (two server processes) share.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import type { BookingStore } from '~/store/booking-store.server';
import { createSqliteBookingStore, sqliteStorePath } from '~/store/sqlite-booking-store.server';
import { openSqliteDatabase } from '~/store/sqlite-database.server';
import { migrate, sqliteMigrations } from '~/store/sqlite-migrations.server';
import { sampleNewBooking } from '../support/booking-fixtures';
import { legacyConfirmedDocument } from '../support/legacy-booking-document';
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

    it('fills what staff views select by in bookings stored before, keeping the rest of each document', async () => {
      await harness.reset();
      // The file as the previous release left it (migrations up to 11), with two bookings and the
      // audit entry that marked the first one's cancellation request handled.
      const db = openSqliteDatabase(filename);
      migrate(
        db,
        sqliteMigrations.filter((migration) => migration.version < 12),
      );
      const asked = {
        ...legacyConfirmedDocument,
        cancellationRequests: [{ requestedAt: '2031-03-02T00:00:00.000Z', channel: 'website' }],
      };
      const draft = {
        ...legacyConfirmedDocument,
        id: 'Yc8UrM3nO0qS5tW7xZ9a',
        bookingId: 'Yc8UrM3nO0qS5tW7xZ9a',
        bookingReferenceId: 'MH3K9Q2B',
        bookingStatus: 'DRAFT',
        partnerId: 'harbour-lodge (https://harbour.example)',
        paymentAttempts: [],
        idempotencyKey: 'request:def',
      };
      const insert = db.prepare(
        `INSERT INTO bookings (id, reference, idempotency_key, status, created_at, document)
         VALUES (?, ?, ?, ?, ?, ?)`,
      );
      for (const doc of [asked, draft]) {
        insert.run(
          doc.id,
          doc.bookingReferenceId,
          doc.idempotencyKey,
          doc.bookingStatus,
          doc.createdAt,
          JSON.stringify(doc),
        );
      }
      const handledAt = '2031-03-03T00:00:00.000Z';
      db.prepare(
        'INSERT INTO staff_audit (id, subject_id, created_at, document) VALUES (?, ?, ?, ?)',
      ).run(
        'audit-1',
        asked.id,
        handledAt,
        JSON.stringify({
          id: 'audit-1',
          at: handledAt,
          by: 'dispatch@businesschauffeur.example',
          action: 'cancellation-request',
          subjectId: asked.id,
          subjectLabel: asked.bookingReferenceId,
          note: 'Rang the customer',
          before: { handled: false },
          after: { handled: true },
        }),
      );
      db.close();

      const store = harness.open();
      const found = await store.listStaffBookings({ status: 'not-draft', search: 'ngaio.oconnor' });
      expect(found.bookings.map((booking) => booking.reference)).toEqual(['MH3K9Q2A']);
      expect(
        (await store.listStaffBookings({ status: 'DRAFT', pickupFrom: '2031-03-14' })).total,
      ).toBe(1);
      await expect(
        store.summarizePayments({ paidFrom: '2031-03-01', paidTo: '2031-03-31', by: 'day' }),
      ).resolves.toEqual([{ key: '2031-03-01', bookings: 1, paidCents: 14250, refundedCents: 0 }]);
      const handled = await store.listCancellationRequests({ state: 'handled' });
      expect(handled.bookings.map((booking) => booking.cancellationHandled)).toEqual([
        { at: handledAt, by: 'dispatch@businesschauffeur.example', note: 'Rang the customer' },
      ]);
      // The draft's partner is not one staff filter by until it is paid.
      await expect(store.listPartners()).resolves.toEqual([legacyConfirmedDocument.partnerId]);
      await expect(store.reindexBookings()).resolves.toMatchObject({ updated: 0 });

      // Nothing else of the documents changed.
      const reread = new DatabaseSync(filename);
      const documents = reread
        .prepare('SELECT document FROM bookings ORDER BY reference')
        .all()
        .map((row) => JSON.parse(String(row.document)) as Record<string, unknown>);
      reread.close();
      const withoutAdded = ({
        staffIndex: _index,
        cancellationHandled: _handled,
        ...rest
      }: Record<string, unknown>) => rest;
      expect(documents.map(withoutAdded)).toEqual([asked, draft]);
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
