import { describe, expect, it } from 'vitest';
import { matchesInboxFilter, statusOf } from './inboxes.server';

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
