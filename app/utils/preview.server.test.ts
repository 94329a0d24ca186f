import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './preview.server';

describe('safeRedirectPath', () => {
  it.each([
    ['/faqs', '/faqs'],
    ['/service-area-brisbane?x=1#why', '/service-area-brisbane?x=1#why'],
    ['/', '/'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'faqs',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '\\\\evil.example',
  ])('sends %j home instead', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });
});
