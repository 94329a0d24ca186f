// The FeedbackStore contract: every adapter must pass it (SQLite always, Firestore on the
// emulator). Each message keeps every field of the form, gets its own id, and is listed newest
// first; staff set where they are with it (status and note), which replaces the last and changes
// nothing else.
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

    it('reads one message and sets where staff are with it; an unknown id is null', async () => {
      const store = getHarness().open();
      const message = await store.addFeedback(sampleFeedback());
      await expect(store.getFeedback(message.id)).resolves.toEqual(message);
      expect(message.handling).toBeUndefined();

      const started = {
        status: 'in-progress' as const,
        note: 'Called back, left a voicemail.',
        updatedAt: '2031-01-03T00:00:00.000Z',
        updatedBy: 'dispatch@example.com',
      };
      await expect(store.setHandling(message.id, started)).resolves.toEqual({
        ...message,
        handling: started,
      });
      const done = { ...started, status: 'done' as const, note: 'Apologised; refund made.' };
      await store.setHandling(message.id, done);
      // Another instance on the same storage reads the latest, with every other field kept.
      await expect(getHarness().open().getFeedback(message.id)).resolves.toEqual({
        ...message,
        handling: done,
      });
      await expect(store.listFeedback()).resolves.toEqual([{ ...message, handling: done }]);

      await expect(store.getFeedback('NoSuchMessage0000000')).resolves.toBeNull();
      await expect(store.setHandling('NoSuchMessage0000000', done)).resolves.toBeNull();
      await expect(store.listFeedback()).resolves.toHaveLength(1);
    });
  });
}
