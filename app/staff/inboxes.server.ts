// The staff inboxes: Feedback & Complaints messages and applications to drive, each with where
// staff are with it (new, in progress, done) and a note; and the customers' cancellation requests,
// marked handled. Every change is one audit entry. Marking a booking's cancellation requests
// handled also keeps the mark on the booking (`cancellationHandled`), so the store can select the
// open and the handled ones by index: a booking's requests are handled when the mark is newer than
// its latest request, so a customer who asks again after that is open again.
//
// The cancellation requests are a store query, one page at a time, drafts left out
// (docs/decisions/043-staff-views-query-the-store.md). The feedback and application lists read
// the latest INBOX_LIST_LIMIT records and filter them here: no query and index per status.
import type { Booking, CancellationHandled } from '@business-chauffeur/booking-contract';
import { data } from '@remix-run/node';
import {
  parseForm,
  receiveForm,
  saveForm,
  START_AGAIN,
  type FormActionArgs,
  type FormAnswer,
} from '~/forms/form-action.server';
import type { ApplicationRecord } from '~/store/application-store.server';
import type { FeedbackRecord, InboxHandling, InboxStatus } from '~/store/feedback-store.server';
import {
  CANCELLATION_HANDLED_ACTION,
  cancellationState,
  latestRequestAt,
} from '~/store/booking-staff-index.server';
import {
  getApplicationStore,
  getAuditLogStore,
  getBookingStore,
  getFeedbackStore,
} from '~/store/store.server';
import {
  cancellationHandledSchema,
  INBOX_STATUS_LABELS,
  inboxHandlingSchema,
  inboxMessages,
  type CancellationFilter,
  type InboxFilter,
} from './inbox-forms';
import { queenslandTimestamp } from '~/utils/booking-format';
import { requireStaff } from './staff-access.server';

/** How many of the latest messages (or applications) a list looks through. */
export const INBOX_LIST_LIMIT = 1000;

/** The audit action of marking a booking's cancellation request handled. */
export const CANCELLATION_AUDIT_ACTION = CANCELLATION_HANDLED_ACTION;

/** Where staff are with a record: new until they first set it. */
export function statusOf(record: { handling?: InboxHandling }): InboxStatus {
  return record.handling?.status ?? 'new';
}

/** Where staff are with a record, as its inbox item shows it and its form starts from. */
export function handlingView(record: { handling?: InboxHandling }) {
  const status = statusOf(record);
  const { handling } = record;
  return {
    status,
    statusLabel: INBOX_STATUS_LABELS[status],
    note: handling?.note ?? '',
    updated: handling
      ? `${queenslandTimestamp(handling.updatedAt)} by ${handling.updatedBy}`
      : null,
    /** Changes when the record's handling does, so the item's form starts afresh. */
    version: handling?.updatedAt ?? '',
  };
}

/** Whether a record's status passes the list's filter. */
export function matchesInboxFilter(status: InboxStatus, filter: InboxFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'open') return status !== 'done';
  return status === filter;
}

/** The feedback messages the filter selects, newest first. */
export async function feedbackInbox(filter: InboxFilter): Promise<FeedbackRecord[]> {
  const all = await getFeedbackStore().listFeedback({ limit: INBOX_LIST_LIMIT });
  return all.filter((message) => matchesInboxFilter(statusOf(message), filter));
}

/** The applications the filter selects, newest first. */
export async function applicationInbox(filter: InboxFilter): Promise<ApplicationRecord[]> {
  const all = await getApplicationStore().listApplications({ limit: INBOX_LIST_LIMIT });
  return all.filter((application) => matchesInboxFilter(statusOf(application), filter));
}

interface InboxKind {
  /** Where staff are with the record and how people name it (the person's name); null if none. */
  get(id: string): Promise<{ handling?: InboxHandling; label: string } | null>;
  set(id: string, handling: InboxHandling): Promise<unknown>;
  missing: string;
}

const kinds: Record<'feedback' | 'application', () => InboxKind> = {
  feedback: () => {
    const store = getFeedbackStore();
    return {
      get: async (id) => {
        const message = await store.getFeedback(id);
        return message && { ...message, label: `${message.firstName} ${message.lastName}` };
      },
      set: (id, handling) => store.setHandling(id, handling),
      missing: inboxMessages.feedbackMissing,
    };
  },
  application: () => {
    const store = getApplicationStore();
    return {
      get: async (id) => {
        const application = await store.getApplication(id);
        const { firstName, lastName } = application?.personal ?? {};
        return application && { ...application, label: `${firstName} ${lastName}` };
      },
      set: (id, handling) => store.setHandling(id, handling),
      missing: inboxMessages.applicationMissing,
    };
  },
};

/**
 * The status-and-note form of a feedback message or an application: staff only (404 for anyone
 * else, before anything is read), this site's origin only, the form checked, the record changed
 * and one audit entry written; every answer is Conform's, so the page shows it without JavaScript.
 */
export async function inboxHandlingAction(
  kind: 'feedback' | 'application',
  args: FormActionArgs,
  now: () => Date = () => new Date(),
) {
  const staff = await requireStaff(args.request);
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  const form = parseForm(received.formData, inboxHandlingSchema);
  if (!form.ok) return form.answer;
  const { id, status, note } = form.value;
  const inbox = kinds[kind]();
  const saved = await saveForm(
    form.reply,
    async () => {
      const current = await inbox.get(id);
      if (!current) return false;
      const at = now().toISOString();
      const updated = await inbox.set(id, { status, note, updatedAt: at, updatedBy: staff.email });
      if (!updated) return false;
      await getAuditLogStore().record({
        at,
        by: staff.email,
        action: kind,
        subjectId: id,
        subjectLabel: current.label,
        note,
        before: { status: statusOf(current), note: current.handling?.note ?? '' },
        after: { status, note },
      });
      return true;
    },
    {
      failure: `A staff change to ${kind === 'feedback' ? 'a feedback message' : 'an application'} could not be saved`,
      unavailable: () => inboxMessages.unavailable,
    },
  );
  if (!saved.ok) return saved.answer;
  if (!saved.saved) return form.reply({ formErrors: [inbox.missing], status: 404 });
  return data<FormAnswer<string>>({ result: START_AGAIN, done: inboxMessages.saved });
}

export interface CancellationRequestItem {
  booking: Booking;
  /** The latest request (ISO). */
  latestRequestAt: string;
  /** The mark that handled the latest request; null while it is open. */
  handled: CancellationHandled | null;
}

export interface CancellationInboxPage {
  items: CancellationRequestItem[];
  /** How many requests the filter selects, on every page. */
  total: number;
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

/** One page of the bookings with a cancellation request the filter selects, oldest request first. */
export async function cancellationInbox(
  filter: CancellationFilter,
  after = '',
): Promise<CancellationInboxPage> {
  const page = await getBookingStore().listCancellationRequests({
    state: filter,
    ...(after ? { cursor: after } : {}),
  });
  return {
    items: page.bookings.map((booking) => ({
      booking,
      // Every booking of this list has at least one request.
      latestRequestAt: latestRequestAt(booking)!,
      handled:
        cancellationState(booking) === 'handled' ? (booking.cancellationHandled ?? null) : null,
    })),
    total: page.total,
    next: page.cursor,
  };
}

/**
 * "Mark handled" on a booking's cancellation request: staff only, this site's origin only, the
 * form checked, then the mark on the booking and one audit entry. The booking's `updatedAt` stays:
 * the trip and the price did not change, so a change form open on it stays valid.
 */
export async function cancellationHandledAction(
  args: FormActionArgs,
  now: () => Date = () => new Date(),
) {
  const staff = await requireStaff(args.request);
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  const form = parseForm(received.formData, cancellationHandledSchema);
  if (!form.ok) return form.answer;
  const { reference, note } = form.value;
  const saved = await saveForm(
    form.reply,
    async () => {
      const store = getBookingStore();
      const booking = await store.findBookingByReference(reference.toUpperCase());
      if (!booking) return { ok: false as const, message: inboxMessages.bookingMissing };
      const mark: CancellationHandled = { at: now().toISOString(), by: staff.email, note };
      let before: ReturnType<typeof cancellationState> = null;
      const marked = await store.updateBooking(booking.id, (current) => {
        before = cancellationState(current);
        return before === null ? null : { ...current, cancellationHandled: mark };
      });
      if (!marked || before === null) {
        return { ok: false as const, message: inboxMessages.noRequest };
      }
      await getAuditLogStore().record({
        at: mark.at,
        by: staff.email,
        action: CANCELLATION_AUDIT_ACTION,
        subjectId: booking.id,
        subjectLabel: booking.reference,
        note,
        before: { handled: before === 'handled' },
        after: { handled: true },
      });
      return { ok: true as const, reference: booking.reference };
    },
    {
      failure: 'A cancellation request could not be marked handled',
      unavailable: () => inboxMessages.unavailable,
    },
  );
  if (!saved.ok) return saved.answer;
  if (!saved.saved.ok) return form.reply({ formErrors: [saved.saved.message], status: 404 });
  return data<FormAnswer<string>>({
    result: START_AGAIN,
    done: inboxMessages.handled(saved.saved.reference),
  });
}
