import { describe, expect, it } from 'vitest';
import {
  cancellationFilterOf,
  cancellationHandledSchema,
  inboxFilterOf,
  inboxHandlingSchema,
} from './inbox-forms';

describe('the status and note form', () => {
  const valid = { id: 'Ab3dEf6hIj9lMn0pQr2t', status: 'in-progress', note: 'Called back.' };

  it('gives the id, the status and the note trimmed', () => {
    expect(inboxHandlingSchema.parse({ ...valid, note: '  Called back.\n' })).toEqual(valid);
  });

  it('takes each status', () => {
    for (const status of ['new', 'in-progress', 'done']) {
      expect(inboxHandlingSchema.parse({ ...valid, status }).status).toBe(status);
    }
  });

  it('takes no note as an empty one (Conform sends an empty field as undefined)', () => {
    expect(inboxHandlingSchema.parse({ id: valid.id, status: 'done' })).toEqual({
      id: valid.id,
      status: 'done',
      note: '',
    });
  });

  it('takes a note of 1000 characters', () => {
    expect(inboxHandlingSchema.parse({ ...valid, note: 'x'.repeat(1000) }).note).toHaveLength(1000);
  });

  it.each([
    [{ status: undefined }, 'Choose a status.'],
    [{ status: 'archived' }, 'Choose a status.'],
    [{ note: 'x'.repeat(1001) }, 'Keep the note under 1000 characters.'],
  ])('refuses %j with its message', (change, message) => {
    const result = inboxHandlingSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it.each([[''], ['a/b'], ['../x'], ['x'.repeat(65)], [undefined]])('refuses the id %j', (id) => {
    expect(inboxHandlingSchema.safeParse({ ...valid, id }).success).toBe(false);
  });
});

describe('the mark handled form', () => {
  it('gives the reference and the note, which may be left out', () => {
    expect(cancellationHandledSchema.parse({ reference: 'MH3K9Q2A', note: ' Refunded. ' })).toEqual(
      { reference: 'MH3K9Q2A', note: 'Refunded.' },
    );
    expect(cancellationHandledSchema.parse({ reference: 'MH3K9Q2A' })).toEqual({
      reference: 'MH3K9Q2A',
      note: '',
    });
  });

  it('refuses a reference that is not one and a note over 1000 characters', () => {
    expect(cancellationHandledSchema.safeParse({ reference: 'MH-3K9' }).success).toBe(false);
    const long = cancellationHandledSchema.safeParse({
      reference: 'MH3K9Q2A',
      note: 'x'.repeat(1001),
    });
    expect(long.error?.issues.map((issue) => issue.message)).toEqual([
      'Keep the note under 1000 characters.',
    ]);
  });
});

describe('the list filters', () => {
  it('read the address, "open" by default and for anything unknown', () => {
    expect(inboxFilterOf(null)).toBe('open');
    expect(inboxFilterOf('done')).toBe('done');
    expect(inboxFilterOf('in-progress')).toBe('in-progress');
    expect(inboxFilterOf('all')).toBe('all');
    expect(inboxFilterOf('DONE')).toBe('open');
    expect(cancellationFilterOf(null)).toBe('open');
    expect(cancellationFilterOf('handled')).toBe('handled');
    expect(cancellationFilterOf('done')).toBe('open');
  });
});
