// The FeedbackStore port: the messages of the Feedback & Complaints form, kept for staff. Two
// adapters on the store's database: the `user_feedback` table of the SQLite file and the
// `userFeedback` collection in Firestore. Both pass tests/integration/feedback-store.contract.ts.

/** Where staff are with a message or an application: set on the operations pages. */
export interface InboxHandling {
  status: 'new' | 'in-progress' | 'done';
  /** What staff wrote about it; empty when nothing. */
  note: string;
  /** When it was last set (ISO), and by whom (the staff member's email). */
  updatedAt: string;
  updatedBy: string;
}

export type InboxStatus = InboxHandling['status'];

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
  /** Where staff are with it; absent until staff first set it (a new message). */
  handling?: InboxHandling;
}

export type NewFeedback = Omit<FeedbackRecord, 'id' | 'handling'>;

export interface FeedbackStore {
  readonly kind: 'sqlite' | 'firestore';

  /** Saves one message and assigns its id. */
  addFeedback(feedback: NewFeedback): Promise<FeedbackRecord>;

  /** Feedback newest first (staff tools, tests). */
  listFeedback(options?: { limit?: number }): Promise<FeedbackRecord[]>;

  /** One message by its id; null when there is none. */
  getFeedback(id: string): Promise<FeedbackRecord | null>;

  /** Sets where staff are with a message (replacing the last); null for an unknown id. */
  setHandling(id: string, handling: InboxHandling): Promise<FeedbackRecord | null>;

  close(): Promise<void>;
}
