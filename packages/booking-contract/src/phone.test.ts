import { describe, expect, it } from 'vitest';
import { formatPhone, formatStoredPhone, toE164, typedPhoneToE164 } from './phone';

describe('formatPhone', () => {
  it('drops the trunk 0 after +61 and groups an Australian mobile 3-3-3', () => {
    expect(formatPhone('+61', '0412345678')).toBe('+61 412 345 678');
    expect(formatPhone('+61', '412345678')).toBe('+61 412 345 678');
    expect(toE164('+61', '0412345678')).toBe('+61412345678');
  });

  it('groups an Australian landline as area code, 4 and 4', () => {
    expect(formatPhone('+61', '0733334444')).toBe('+61 7 3333 4444');
  });

  it('keeps other countries and unusual lengths as typed, after the code', () => {
    expect(formatPhone('+64', '0211234567')).toBe('+64 0211234567');
    expect(formatPhone('+61', '13001234')).toBe('+61 13001234');
  });
});

describe('typedPhoneToE164', () => {
  it.each([
    ['0412 345 678', '+61412345678'],
    ['+61 (0)412-345-678', '+61412345678'],
    ['+61 412 345 678', '+61412345678'],
    ['61412345678', '+61412345678'],
    ['412345678', '+61412345678'],
    ['(07) 3123 4567', '+61731234567'],
    ['+64 21 123 4567', '+64211234567'],
  ])('reads %s as %s', (typed, e164) => {
    expect(typedPhoneToE164(typed)).toBe(e164);
  });

  it.each([['call me after 5'], ['12345'], [''], ['+0 1234 5678'], ['1234567890123456789']])(
    'leaves %j alone: not a phone number',
    (typed) => {
      expect(typedPhoneToE164(typed)).toBeNull();
    },
  );
});

describe('formatStoredPhone', () => {
  it('groups an Australian number and leaves anything else as stored', () => {
    expect(formatStoredPhone('+61412345678')).toBe('+61 412 345 678');
    expect(formatStoredPhone('+61731234567')).toBe('+61 7 3123 4567');
    expect(formatStoredPhone('+64211234567')).toBe('+64211234567');
    expect(formatStoredPhone('call me after 5')).toBe('call me after 5');
  });
});
