// The embedded FeedbackStore: the `user_feedback` table of the store's SQLite file (migration 2),
// one JSON document per message with the sender and the time beside it.
import type { FeedbackRecord, FeedbackStore } from './feedback-store.server';
import { openSqliteRecordLog } from './sqlite-record-log.server';

export function createSqliteFeedbackStore({ filename }: { filename: string }): FeedbackStore {
  const log = openSqliteRecordLog<FeedbackRecord>(filename, {
    store: 'feedback store',
    table: 'user_feedback',
    columns: {
      user_id: (feedback) => feedback.userId,
      created_at: (feedback) => feedback.creationDate,
    },
  });
  return {
    kind: 'sqlite',
    addFeedback: (feedback) => log.add(feedback),
    listFeedback: ({ limit = 100 } = {}) => log.newest(limit),
    getFeedback: (id) => log.get(id),
    setHandling: (id, handling) => log.update(id, { handling }),
    close: () => log.close(),
  };
}
