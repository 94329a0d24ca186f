import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPathFor } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/account/bookings')).toBe('/account/bookings');
    expect(safeReturnPath('/account/bookings/MWYL80OY?tab=2#fare')).toBe(
      '/account/bookings/MWYL80OY?tab=2#fare',
    );
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    'https://evil.example/account',
    '//evil.example',
    '//evil.example/account/bookings',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'evil.example',
    '',
    '/signin?resetFlag=false',
    '/signout',
    `/${'a'.repeat(600)}`,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not text', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(['/account'])).toBeNull();
  });
});

describe('signInPathFor', () => {
  it('names the page to come back to, encoded', () => {
    expect(signInPathFor('/account/bookings?x=1')).toBe(
      '/signin?resetFlag=false&returnTo=%2Faccount%2Fbookings%3Fx%3D1',
    );
    expect(signInPathFor('/')).toBe('/signin?resetFlag=false');
    expect(signInPathFor('//evil.example')).toBe('/signin?resetFlag=false');
  });
});
