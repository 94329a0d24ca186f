// The ABN checksum and its 2-3-3-3 grouping, on the Register's published example, the seed's ABN
// and numbers that differ from them by one digit, one digit too many or too few, or stray text.
import { describe, expect, it } from 'vitest';
import { formatAbn, isValidAbn } from './abn';

describe('isValidAbn', () => {
  it('accepts ABNs whose checksum holds, with or without spaces', () => {
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('60 604 273 918')).toBe(true);
    expect(isValidAbn(' 5182 4753 556 ')).toBe(true);
  });

  it('refuses eleven digits whose checksum fails', () => {
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('15 824 753 556')).toBe(false);
    expect(isValidAbn('00000000000')).toBe(false);
  });

  it('refuses too few or too many digits', () => {
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('518247535560')).toBe(false);
    expect(isValidAbn('')).toBe(false);
  });

  it('refuses anything but digits and spaces', () => {
    expect(isValidAbn('51-824-753-556')).toBe(false);
    expect(isValidAbn('51\t824 753 556')).toBe(false);
    expect(isValidAbn('ABN 51 824 753 556')).toBe(false);
  });
});

describe('formatAbn', () => {
  it('groups the digits 2-3-3-3 however they were spaced', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatAbn('518 2475 3556')).toBe('51 824 753 556');
  });

  it('leaves text that is not eleven digits as typed, trimmed', () => {
    expect(formatAbn(' 5182475 ')).toBe('5182475');
  });
});
