// The build's fallback contacts are the seed dataset's, word for word.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FALLBACK_CONTACTS } from './fallback-contacts';

describe('the fallback contacts', () => {
  it('are the name, phone and email of the seed dataset’s site settings', () => {
    const settings = readFileSync('content/dataset.ndjson', 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((document) => document._id === 'siteSettings');
    expect(settings).toBeDefined();
    expect(FALLBACK_CONTACTS).toEqual({
      name: settings?.name,
      phone: settings?.phone,
      email: settings?.email,
    });
  });
});
