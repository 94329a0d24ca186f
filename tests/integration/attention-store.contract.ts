// The AttentionStore contract: every adapter must pass it (SQLite always, Firestore on the
// emulator). A booking raised for staff is unseen until someone opens it; a raise after that makes
// it unseen again with only the new reason; reasons are kept once each; a mark on a seen or
// unknown booking changes nothing; two instances raising and marking at once lose no raise.
import { describe, expect, it } from 'vitest';
import type { AttentionStore } from '~/store/attention-store.server';
import type { Harness } from '../support/store-harness';

const T0 = '2026-11-27T02:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

export function attentionStoreContract(getHarness: () => Harness<AttentionStore>) {
  describe('attention store contract', () => {
    it('keeps a raised booking unseen, with its reasons once each, until it is opened', async () => {
      await getHarness().reset();
      const store = getHarness().open();
      await store.raise('b1', 'new-booking', at(0));
      await store.raise('b1', 'same-day', at(1));
      await store.raise('b1', 'new-booking', at(2));
      await store.raise('b2', 'change', at(3));
      const unseen = await store.listUnseen(['b1', 'b2', 'b3', 'b1']);
      expect(unseen.sort((a, b) => a.bookingId.localeCompare(b.bookingId))).toEqual([
        {
          bookingId: 'b1',
          reasons: ['new-booking', 'same-day'],
          raisedAt: at(2),
          seenAt: null,
          seenBy: null,
        },
        { bookingId: 'b2', reasons: ['change'], raisedAt: at(3), seenAt: null, seenBy: null },
      ]);
      await expect(store.markSeen('b1', 'ops@example.com', at(4))).resolves.toBe(true);
      await expect(store.markSeen('b1', 'other@example.com', at(5))).resolves.toBe(false);
      await expect(store.markSeen('b9', 'ops@example.com', at(5))).resolves.toBe(false);
      expect((await store.listUnseen(['b1', 'b2'])).map((record) => record.bookingId)).toEqual([
        'b2',
      ]);
      // News after it was seen: unseen again, with the new reason alone.
      await store.raise('b1', 'cancellation-request', at(6));
      expect(await store.listUnseen(['b1'])).toEqual([
        {
          bookingId: 'b1',
          reasons: ['cancellation-request'],
          raisedAt: at(6),
          seenAt: null,
          seenBy: null,
        },
      ]);
      await expect(store.listUnseen([])).resolves.toEqual([]);
    });

    it('loses no reason when two instances raise at once', async () => {
      await getHarness().reset();
      const [first, second] = [getHarness().open(), getHarness().open()];
      await Promise.all([
        first.raise('b1', 'new-booking', at(0)),
        second.raise('b1', 'same-day', at(0)),
        first.raise('b1', 'change', at(1)),
        second.raise('b1', 'cancellation-request', at(1)),
      ]);
      const [record] = await first.listUnseen(['b1']);
      expect([...record!.reasons].sort()).toEqual([
        'cancellation-request',
        'change',
        'new-booking',
        'same-day',
      ]);
    });
  });
}
