// The sandbox card form formats the number in groups and the expiry as "MM / YY" while the
// customer types or pastes, keeping the caret after the digit it followed.
import { describe, expect, it } from 'vitest';
import { caretAfterDigits, editFormatted, formatCardNumber, formatExpiry } from './card-format';

/** Types `keys` one by one at the end of the field, as a customer does. */
function type(keys: string, format: (input: string) => string): string {
  let value = '';
  for (const key of keys) value = editFormatted(value, value + key, value.length + 1, format).value;
  return value;
}

describe('formatCardNumber', () => {
  it('groups the number in fours', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 4242 4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('')).toBe('');
    expect(formatCardNumber('4000 0566 5566 5556 123 9')).toBe('4000 0566 5566 5556 123');
  });

  it('groups an American Express number 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3714496353984311')).toBe('3714 496353 98431');
    expect(formatCardNumber('37828224')).toBe('3782 8224');
  });

  it('formats as typed', () => {
    expect(type('4242424242424242', formatCardNumber)).toBe('4242 4242 4242 4242');
  });
});

describe('formatExpiry', () => {
  it('accepts "1234", "12/34" and "12 / 34" alike', () => {
    for (const input of ['1234', '12/34', '12 / 34', ' 12 /34 ', '12/2034']) {
      expect(formatExpiry(input), input).toBe('12 / 34');
    }
  });

  it('formats as typed, with no separator left hanging', () => {
    expect(type('1234', formatExpiry)).toBe('12 / 34');
    expect(type('1', formatExpiry)).toBe('1');
    expect(type('12', formatExpiry)).toBe('12');
    expect(type('123', formatExpiry)).toBe('12 / 3');
    expect(type('12345', formatExpiry)).toBe('12 / 34');
  });

  it('gives a one-digit month its zero', () => {
    expect(type('427', formatExpiry)).toBe('04 / 27');
    expect(type('1/27', formatExpiry)).toBe('01 / 27');
    expect(formatExpiry('4/27')).toBe('04 / 27');
    expect(formatExpiry('4/')).toBe('04');
  });
});

describe('editFormatted', () => {
  it('keeps the caret after the digit it followed', () => {
    // A digit typed in the middle: "4242 |4242" + "1".
    const edit = editFormatted('4242 4242', '4242 14242', 6, formatCardNumber);
    expect(edit).toEqual({ value: '4242 1424 2', caret: 6 });
    // A digit typed before a group boundary moves the caret past the new space.
    expect(editFormatted('4242', '42421', 5, formatCardNumber)).toEqual({
      value: '4242 1',
      caret: 6,
    });
  });

  it('deletes the digit before a separator that Backspace took', () => {
    // "4242 |4242", Backspace: the browser removes the space; the customer meant the 2.
    expect(editFormatted('4242 4242', '42424242', 4, formatCardNumber)).toEqual({
      value: '4244 242',
      caret: 3,
    });
    // "12 / |34", Backspace: the browser removes the space; the customer meant the month's 2.
    expect(editFormatted('12 / 34', '12 /34', 4, formatExpiry)).toEqual({
      value: '1 / 34',
      caret: 1,
    });
  });

  it('takes a whole new value as it is (a paste over the field, or a fill)', () => {
    expect(editFormatted('12 / 34', '12/34', 5, formatExpiry)).toEqual({
      value: '12 / 34',
      caret: 7,
    });
    expect(editFormatted('4242 4242 4242 4242', '4000000000000002', 16, formatCardNumber)).toEqual({
      value: '4000 0000 0000 0002',
      caret: 19,
    });
  });

  it('puts the caret at the end after a paste at the end', () => {
    expect(editFormatted('', '1234', 4, formatExpiry)).toEqual({ value: '12 / 34', caret: 7 });
    expect(editFormatted('', '4242424242424242', 16, formatCardNumber)).toEqual({
      value: '4242 4242 4242 4242',
      caret: 19,
    });
  });

  it('lets a formatted month be edited', () => {
    // "1|2 / 34", Backspace: "2 / 34"; then "1" typed before it: "12 / 34" again.
    const deleted = editFormatted('12 / 34', '2 / 34', 0, formatExpiry);
    expect(deleted).toEqual({ value: '2 / 34', caret: 0 });
    expect(editFormatted(deleted.value, '12 / 34', 1, formatExpiry)).toEqual({
      value: '12 / 34',
      caret: 1,
    });
  });
});

describe('caretAfterDigits', () => {
  it('counts digits, not separators', () => {
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('12 / 34', 3)).toBe(6);
    expect(caretAfterDigits('12', 5)).toBe(2);
  });
});
