// The audit log as staff read it: each entry a sentence ("dispatch@… refunded $50.00 AUD: Waiting
// time not used") and its details, each field the action changed as "before → after". Every
// action the app writes (app/staff, app/dispatch, app/booking/booking-alerts.server.ts) has its
// sentence; an action this does not know yet reads as a plain sentence naming it, with the same
// details, so nothing written to the log is ever hidden.
import type { AuditEntry } from '~/store/audit-log-store.server';
import { CANCELLATION_HANDLED_ACTION } from '~/store/booking-staff-index.server';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';

export interface AuditDetail {
  label: string;
  before: string | null;
  after: string | null;
}

export interface AuditSentence {
  sentence: string;
  details: AuditDetail[];
}

type Fields = Record<string, unknown>;
type Entry = Pick<AuditEntry, 'by' | 'action' | 'subjectLabel' | 'note' | 'before' | 'after'>;

const STATUS_WORDS: Record<string, string> = {
  new: 'new',
  'in-progress': 'in progress',
  done: 'done',
};

/** What a field is called in the details; a field not named here is spelt out from its key. */
const FIELD_LABELS: Record<string, string> = {
  refundCents: 'Refunded in all',
  refund: 'This refund',
  providerRefundId: 'Payment provider’s refund',
  status: 'Status',
  sentTo: 'Sent to',
  handled: 'Handled',
  date: 'Pickup date',
  time: 'Pickup time',
  passengers: 'Passengers',
  notes: 'Booking notes',
  fareCents: 'Fare',
  balanceCents: 'Owed (+) or due back (−)',
  adjustment: 'Adjustment note',
  differenceCents: 'Difference',
  override: 'Override',
  chauffeur: 'Chauffeur',
  car: 'Car',
  alert: 'Alert',
  detail: 'What happened',
  note: 'Note',
  name: 'Name',
  mobile: 'Mobile',
  email: 'Email',
  licenceExpiry: 'Licence expiry',
  authorisationExpiry: 'Driver authorisation expiry',
  active: 'Active',
  plate: 'Plate',
  makeModel: 'Make and model',
  vehicleTypeId: 'Vehicle type',
  seats: 'Seats',
  registrationExpiry: 'Registration expiry',
};

/** Fields holding money in cents (the keys end in "Cents", and a refund's own amount). */
const isMoney = (key: string) => key.endsWith('Cents') || key === 'refund';

function labelOf(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** A field's value as text; null when the entry has no value for it. */
function valueText(key: string, value: unknown): string | null {
  if (value === undefined) return null;
  if (value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' && isMoney(key) && Number.isInteger(value)) {
    return value < 0 ? `−${formatMoneyWithCode(-value)}` : formatMoneyWithCode(value);
  }
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return key === 'status' ? (STATUS_WORDS[value] ?? value) : value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.length === 0 ? 'none' : value.join(', ');
  }
  return JSON.stringify(value);
}

/** Every field the entry holds, before and after, in the order the action wrote them. */
export function auditDetails(before: Fields, after: Fields): AuditDetail[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => ({
    label: labelOf(key),
    before: valueText(key, before[key]),
    after: valueText(key, after[key]),
  }));
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const cents = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The fields whose values differ before and after, by their labels in lower case. */
function changedLabels(before: Fields, after: Fields, keys: readonly string[]): string[] {
  return keys
    .filter((key) => key in after && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => labelOf(key).toLowerCase());
}

/** A chauffeur and car as one phrase ("Ana Silva in 123ABC"), or null when there were none. */
function crew(fields: Fields): string | null {
  const chauffeur = text(fields.chauffeur);
  const car = text(fields.car);
  if (chauffeur && car) return `${chauffeur} in ${car}`;
  return chauffeur ?? car;
}

/** What the staff member did, without who and why: "refunded $50.00 AUD". */
function deed(entry: Entry): string {
  const { before, after, subjectLabel } = entry;
  switch (entry.action) {
    case 'refund': {
      const amount = cents(after.refund);
      return amount === null ? 'made a refund' : `refunded ${formatMoneyWithCode(amount)}`;
    }
    case 'cancel': {
      const refunded = cents(after.refundCents) ?? 0;
      return refunded > 0
        ? `cancelled the booking and refunded ${formatMoneyWithCode(refunded)}`
        : 'cancelled the booking with no refund';
    }
    case 'completed':
      return 'marked the booking completed';
    case 'no-show':
      return 'marked the booking a no-show';
    case 'resend-confirmation': {
      const sentTo = Array.isArray(after.sentTo) ? after.sentTo.map(String) : [];
      return sentTo.length > 0
        ? `sent the confirmation email again to ${listed(sentTo)}`
        : 'sent the confirmation email again';
    }
    case CANCELLATION_HANDLED_ACTION:
      return 'marked the customer’s cancellation request handled';
    case 'change': {
      const changed = changedLabels(before, after, ['date', 'time', 'passengers', 'notes']);
      const fareBefore = cents(before.fareCents);
      const fareAfter = cents(after.fareCents);
      const fare =
        fareBefore !== null && fareAfter !== null && fareBefore !== fareAfter
          ? `, the fare from ${formatMoneyWithCode(fareBefore)} to ${formatMoneyWithCode(fareAfter)}`
          : '';
      return `changed the booking${changed.length > 0 ? ` (${listed(changed)})` : ''}${fare}`;
    }
    case 'assign':
      return `assigned ${crew(after) ?? 'a chauffeur and car'}`;
    case 'reassign':
      return `changed the chauffeur and car from ${crew(before) ?? 'none'} to ${crew(after) ?? 'none'}`;
    case 'unassign':
      return `took ${crew(before) ?? 'the chauffeur and car'} off the booking`;
    case 'alert-handled':
      return text(before.detail)
        ? `marked the alert “${text(before.detail)}” handled`
        : 'marked an alert handled';
    case 'feedback':
    case 'application': {
      const what = entry.action === 'feedback' ? 'the feedback from' : 'the application from';
      const status = text(after.status);
      return `set ${what} ${subjectLabel} to ${status ? (STATUS_WORDS[status] ?? status) : 'a new status'}`;
    }
    case 'chauffeur-from-application':
      return `made ${subjectLabel} a chauffeur from their application`;
    case 'chauffeur-added':
      return `added the chauffeur ${subjectLabel}`;
    case 'chauffeur':
    case 'car': {
      const changed = changedLabels(before, after, Object.keys(after));
      const what = entry.action === 'car' ? `the car ${subjectLabel}` : subjectLabel;
      return changed.length > 0
        ? `changed ${what}: ${listed(changed)}`
        : `saved ${what} without a change`;
    }
    case 'car-added':
      return `added the car ${subjectLabel}`;
    default:
      return `recorded “${entry.action}” on ${subjectLabel}`;
  }
}

/** The entry as a sentence, with its note after a colon, and its details. */
export function auditSentence(entry: Entry): AuditSentence {
  const note = entry.note.trim();
  return {
    sentence: `${entry.by} ${deed(entry)}${note ? `: ${note}` : '.'}`,
    details: auditDetails(entry.before, entry.after),
  };
}
