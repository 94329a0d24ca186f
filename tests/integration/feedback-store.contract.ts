// The FeedbackStore contract: every adapter must pass it (SQLite always, Firestore on the
// emulator). Each message keeps every field of the form, gets its own id, and is listed newest
// first.
import { describe, expect, it } from 'vitest';
import type { FeedbackStore, NewFeedback } from '~/store/feedback-store.server';
import type { Harness } from '../support/store-harness';
import { recordStoreLifecycle } from './record-store.contract';

export function sampleFeedback(overrides: Partial<NewFeedback> = {}): NewFeedback {
  return {
    userId: null,
    firstName: 'Ngaio',
    lastName: 'Marsh',
    subject: 'Airport pickup',
    message: 'Our driver waited with a sign and helped with the luggage. Thank you!',
    contact: { email: 'ngaio@example.com', phone: '0400 000 000' },
    creationDate: new Date().toISOString(),
    ...overrides,
  };
}

export function feedbackStoreContract(getHarness: () => Harness<FeedbackStore>) {
  describe('feedback store', () => {
    recordStoreLifecycle(getHarness, {
      write: async (store) => [await store.addFeedback(sampleFeedback())],
      read: (store) => store.listFeedback(),
    });

    it('keeps every field of a message and lists newest first', async () => {
      const store = getHarness().open();
      const older = await store.addFeedback(
        sampleFeedback({ creationDate: '2031-01-01T00:00:00.000Z' }),
      );
      const newer = await store.addFeedback(
        sampleFeedback({ userId: 'account-1', creationDate: '2031-01-02T00:00:00.000Z' }),
      );
      expect(older.id).not.toBe(newer.id);
      expect(newer).toEqual({
        id: newer.id,
        ...sampleFeedback({ userId: 'account-1', creationDate: newer.creationDate }),
      });
      await expect(store.listFeedback()).resolves.toEqual([newer, older]);
      await expect(store.listFeedback({ limit: 1 })).resolves.toEqual([newer]);
    });
  });
}
