// The AuditLogStore contract: every adapter must pass it (SQLite always, Firestore on the
// emulator). Each entry keeps every field, gets its own id, is listed with the record it is about
// (oldest first) and among the recent ones (newest first); nothing can change it.
import { describe, expect, it } from 'vitest';
import type { AuditLogStore, NewAuditEntry } from '~/store/audit-log-store.server';
import type { Harness } from '../support/store-harness';
import { recordStoreLifecycle } from './record-store.contract';

export function sampleAuditEntry(overrides: Partial<NewAuditEntry> = {}): NewAuditEntry {
  return {
    at: new Date().toISOString(),
    by: 'dispatch@businesschauffeur.example',
    action: 'refund',
    subjectId: 'booking-1',
    subjectLabel: 'MH3K9Q2A',
    note: 'Driver was 20 minutes late',
    before: { refundCents: null },
    after: { refundCents: 5000 },
    ...overrides,
  };
}

export function auditLogStoreContract(getHarness: () => Harness<AuditLogStore>) {
  describe('audit log store', () => {
    recordStoreLifecycle(getHarness, {
      write: async (store) => [await store.record(sampleAuditEntry())],
      read: (store) => store.listRecent(),
    });

    it('lists the entries of one record oldest first, and the recent ones newest first', async () => {
      const store = getHarness().open();
      const subjectId = `booking-${Math.random().toString(36).slice(2)}`;
      const first = await store.record(
        sampleAuditEntry({ subjectId, at: '2031-01-01T00:00:00.000Z' }),
      );
      const other = await store.record(
        sampleAuditEntry({ subjectId: `${subjectId}-other`, at: '2031-01-01T12:00:00.000Z' }),
      );
      const second = await store.record(
        sampleAuditEntry({
          subjectId,
          action: 'cancel',
          at: '2031-01-02T00:00:00.000Z',
          before: { status: 'CONFIRMED' },
          after: { status: 'CANCELLED' },
        }),
      );
      expect(second).toEqual({
        id: second.id,
        ...sampleAuditEntry({
          subjectId,
          action: 'cancel',
          at: second.at,
          before: { status: 'CONFIRMED' },
          after: { status: 'CANCELLED' },
        }),
      });
      await expect(store.listFor(subjectId)).resolves.toEqual([first, second]);
      await expect(store.listFor('no-such-record')).resolves.toEqual([]);
      const recent = await store.listRecent({ limit: 3 });
      expect(recent.map((entry) => entry.id)).toEqual([second.id, other.id, first.id]);
      // The port has no way to change or remove an entry.
      expect(Object.keys(store).sort()).toEqual(
        ['close', 'kind', 'listFor', 'listRecent', 'record'].sort(),
      );
    });
  });
}
