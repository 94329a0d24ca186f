// The forms of the staff inboxes (feedback, applications, cancellation requests), checked the same
// in the browser (Conform) and by the actions; and the status filter of their lists.
// The contract's zod, configured (jitless) first: the inbox pages' browser chunks may not run the
// contract's index, and a zod that probes for eval is a CSP violation.
import { z } from '@business-chauffeur/booking-contract/zod';

export const INBOX_STATUSES = ['new', 'in-progress', 'done'] as const;
export type InboxStatusValue = (typeof INBOX_STATUSES)[number];

/** How each status reads on the pages. */
export const INBOX_STATUS_LABELS: Record<InboxStatusValue, string> = {
  new: 'New',
  'in-progress': 'In progress',
  done: 'Done',
};

/** The list filter: "open" (everything not done, the default), one status, or "all". */
export const INBOX_FILTERS = ['open', ...INBOX_STATUSES, 'all'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const INBOX_FILTER_LABELS: Record<InboxFilter, string> = {
  open: 'Not done',
  ...INBOX_STATUS_LABELS,
  all: 'All',
};

/** The filter named in the address (?status=…); "open" for anything else. */
export function inboxFilterOf(value: string | null): InboxFilter {
  return (INBOX_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as InboxFilter)
    : 'open';
}

/** The cancellation requests' filter: open (the default), handled, or all. */
export const CANCELLATION_FILTERS = ['open', 'handled', 'all'] as const;
export type CancellationFilter = (typeof CANCELLATION_FILTERS)[number];

export const CANCELLATION_FILTER_LABELS: Record<CancellationFilter, string> = {
  open: 'Open',
  handled: 'Handled',
  all: 'All',
};

export function cancellationFilterOf(value: string | null): CancellationFilter {
  return (CANCELLATION_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as CancellationFilter)
    : 'open';
}

export const NOTE_MAX_LENGTH = 1000;

export const inboxMessages = {
  statusRequired: 'Choose a status.',
  noteTooLong: `Keep the note under ${NOTE_MAX_LENGTH} characters.`,
  saved: 'Saved.',
  feedbackMissing: 'That message is no longer there. Reload the page.',
  applicationMissing: 'That application is no longer there. Reload the page.',
  bookingMissing: 'That booking is no longer there. Reload the page.',
  noRequest: 'That booking has no cancellation request.',
  unavailable: 'That could not be saved just now. Please try again in a moment.',
  handled: (reference: string) => `Marked the cancellation request for ${reference} as handled.`,
} as const;

/** A note: trimmed, may be empty (Conform sends an empty field as undefined). */
const note = z
  .string()
  .trim()
  .max(NOTE_MAX_LENGTH, inboxMessages.noteTooLong)
  .optional()
  .transform((value) => value ?? '');

/** A stored record's id (random letters and digits, as the stores make them). */
const recordId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** Status and note of one feedback message or application. */
export const inboxHandlingSchema = z.object({
  id: recordId,
  status: z.enum(INBOX_STATUSES, { error: inboxMessages.statusRequired }),
  note,
});

/** "Mark handled" on a booking's cancellation request, with an optional note. */
export const cancellationHandledSchema = z.object({
  reference: z.string().regex(/^[0-9A-Za-z]{4,20}$/),
  note,
});
