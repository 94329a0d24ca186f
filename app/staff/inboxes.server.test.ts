import type { Booking } from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '~/store/audit-log-store.server';
import { handledEntry, matchesInboxFilter, statusOf } from './inboxes.server';

describe('inbox statuses', () => {
  it('are new until staff set one', () => {
    expect(statusOf({})).toBe('new');
    expect(
      statusOf({ handling: { status: 'done', note: '', updatedAt: '', updatedBy: 'a@b.example' } }),
    ).toBe('done');
  });

  it('"open" is everything not done', () => {
    expect(matchesInboxFilter('new', 'open')).toBe(true);
    expect(matchesInboxFilter('in-progress', 'open')).toBe(true);
    expect(matchesInboxFilter('done', 'open')).toBe(false);
    expect(matchesInboxFilter('done', 'done')).toBe(true);
    expect(matchesInboxFilter('new', 'done')).toBe(false);
    expect(matchesInboxFilter('done', 'all')).toBe(true);
  });
});

describe('a cancellation request marked handled', () => {
  const booking = (...requestedAt: string[]) =>
    ({
      cancellationRequests: requestedAt.map((at) => ({ requestedAt: at, channel: 'website' })),
    }) as unknown as Booking;
  const entry = (at: string, action = 'cancellation-request') =>
    ({ id: at, at, action, by: 'dispatch@example.com', note: '' }) as AuditEntry;

  it('is open with no entry, or only other staff actions', () => {
    expect(handledEntry(booking('2031-01-01T00:00:00.000Z'), [])).toBeNull();
    expect(
      handledEntry(booking('2031-01-01T00:00:00.000Z'), [
        entry('2031-01-02T00:00:00.000Z', 'refund'),
      ]),
    ).toBeNull();
  });

  it('is handled by an entry newer than the latest request', () => {
    const handled = entry('2031-01-02T00:00:00.000Z');
    expect(handledEntry(booking('2031-01-01T00:00:00.000Z'), [handled])).toBe(handled);
  });

  it('is open again when the customer asks after it was handled', () => {
    expect(
      handledEntry(booking('2031-01-01T00:00:00.000Z', '2031-01-03T00:00:00.000Z'), [
        entry('2031-01-02T00:00:00.000Z'),
      ]),
    ).toBeNull();
  });

  it('uses the latest entry', () => {
    const latest = entry('2031-01-04T00:00:00.000Z');
    expect(
      handledEntry(booking('2031-01-01T00:00:00.000Z', '2031-01-03T00:00:00.000Z'), [
        entry('2031-01-02T00:00:00.000Z'),
        latest,
      ]),
    ).toBe(latest);
  });
});
