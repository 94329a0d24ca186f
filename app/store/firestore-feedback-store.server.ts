// The hosted FeedbackStore: the `userFeedback` collection in Firestore, one document per message.
import { COLLECTIONS } from './collections.server';
import type { FeedbackRecord, FeedbackStore } from './feedback-store.server';
import type { FirestoreOptions } from './firebase-app.server';
import { openFirestoreRecordLog } from './firestore-record-log.server';

export function createFirestoreFeedbackStore(options: FirestoreOptions): FeedbackStore {
  const log = openFirestoreRecordLog<FeedbackRecord>(options, {
    collection: COLLECTIONS.userFeedback,
    timeField: 'creationDate',
    store: 'feedback-store',
  });
  return {
    kind: 'firestore',
    addFeedback: (feedback) => log.add(feedback),
    listFeedback: ({ limit = 100 } = {}) => log.newest(limit),
    getFeedback: (id) => log.get(id),
    setHandling: (id, handling) => log.update(id, { handling }),
    close: () => log.close(),
  };
}
