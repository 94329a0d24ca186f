import { describe, expect, it } from 'vitest';
import { escapeHtml } from './refusal-page.ts';
import { requestIdOf } from '../app/utils/request-context.server.ts';

describe('requestIdOf', () => {
  it('keeps a well-formed incoming id and replaces anything else', () => {
    expect(requestIdOf('abc-1234_XYZ')).toBe('abc-1234_XYZ');
    const cardLike = ['4242424242424242', 'req-4242-4242-4242-4242'];
    for (const incoming of [
      undefined,
      '',
      'short',
      'has space 12345',
      'x'.repeat(65),
      ...cardLike,
    ]) {
      expect(requestIdOf(incoming)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('escapeHtml', () => {
  it('escapes what could end an attribute or open a tag', () => {
    expect(escapeHtml(`/a"><script>'&`)).toBe('/a&quot;&gt;&lt;script&gt;&#39;&amp;');
  });
});
