// The AuditLogStore port: what staff did, who did it and when, with the record before and after.
// Entries are only ever added, never changed or removed (there is no method that could), and are
// shown on the record they are about. Two adapters on the store's database: the `staff_audit`
// table of the SQLite file and the `staffAudit` collection in Firestore. Both pass
// tests/integration/audit-log-store.contract.ts.

/** One staff action. */
export interface AuditEntry {
  id: string;
  /** When it was done (ISO). */
  at: string;
  /** The staff member's email. */
  by: string;
  /** What was done: "refund", "cancel", "status", "resend-confirmation", "inbox" … */
  action: string;
  /** The record it was done to: a booking's id (or a feedback message's, an application's). */
  subjectId: string;
  /** How people name that record: the booking reference, say. */
  subjectLabel: string;
  /** What staff wrote with it (a reason, a note); empty when nothing. */
  note: string;
  /** The fields the action changed, before and after it (small, JSON). */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

export interface AuditLogStore {
  readonly kind: 'sqlite' | 'firestore';

  /** Adds one entry under a new id. */
  record(entry: NewAuditEntry): Promise<AuditEntry>;

  /** The entries about one record, oldest first. */
  listFor(subjectId: string, options?: { limit?: number }): Promise<AuditEntry[]>;

  /** The latest entries, newest first. */
  listRecent(options?: { limit?: number }): Promise<AuditEntry[]>;

  close(): Promise<void>;
}
