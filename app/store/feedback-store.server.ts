// The FeedbackStore port: the messages of the Feedback & Complaints form, kept for staff. Two
// adapters on the store's database: the `user_feedback` table of the SQLite file and the
// `userFeedback` collection in Firestore. Both pass tests/integration/feedback-store.contract.ts.

/** A Feedback & Complaints message (collection `userFeedback`). */
export interface FeedbackRecord {
  id: string;
  /** The signed-in sender's account id; null for a guest. */
  userId: string | null;
  firstName: string;
  lastName: string;
  subject: string;
  message: string;
  contact: { email: string; phone: string };
  /** When it was submitted. */
  creationDate: string;
}

export type NewFeedback = Omit<FeedbackRecord, 'id'>;

export interface FeedbackStore {
  readonly kind: 'sqlite' | 'firestore';

  /** Saves one message and assigns its id. */
  addFeedback(feedback: NewFeedback): Promise<FeedbackRecord>;

  /** Feedback newest first (staff tools, tests). */
  listFeedback(options?: { limit?: number }): Promise<FeedbackRecord[]>;

  close(): Promise<void>;
}
