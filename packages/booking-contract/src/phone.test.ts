import { describe, expect, it } from 'vitest';
import { formatPhone, toE164 } from './phone';

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
