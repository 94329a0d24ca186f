// The sandbox card form's formatting, as pure functions: the card number in groups (4-4-4-4, Amex
// 4-6-5) and the expiry as "MM / YY", as the customer types or pastes, with the caret kept after
// the digit it followed. The server reads both back (it drops spaces from the number and accepts
// "MM/YY" with or without spaces).

const AMEX = /^3[47]/;

/** The digits of a text, in order. */
function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** "4242424242424242" → "4242 4242 4242 4242"; Amex "378282246310005" → "3782 822463 10005". */
export function formatCardNumber(input: string): string {
  const amex = AMEX.test(digitsOf(input));
  const digits = digitsOf(input).slice(0, amex ? 15 : 19);
  const groups = amex ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/**
 * "1234", "12/34", "12 / 34" → "12 / 34"; as typed: "1" → "1", "12" → "12", "123" → "12 / 3".
 * A first digit above 1 can only be a month with a leading zero ("4" → "04"), a month typed with
 * one digit before a slash gets its zero ("4/27" → "04 / 27", not while a formatted month is
 * being edited), and a four-digit year keeps its last two digits ("12/2034" → "12 / 34").
 */
export function formatExpiry(input: string): string {
  const slash = input.indexOf('/');
  let month: string;
  let year: string;
  if (slash >= 0) {
    month = digitsOf(input.slice(0, slash)).slice(0, 2);
    // "4/" and "4/27" get their zero; "2 / 34", a formatted month being edited, keeps its digit.
    if (month.length === 1 && !/^\s*\d\s+\//.test(input)) month = `0${month}`;
    year = digitsOf(input.slice(slash + 1));
    year = /^20\d\d$/.test(year) ? year.slice(2) : year.slice(0, 2);
    if (month === '') return '';
  } else {
    let digits = digitsOf(input);
    if (/^[2-9]/.test(digits)) digits = `0${digits}`;
    month = digits.slice(0, 2);
    year = digits.slice(2, 4);
  }
  return year === '' ? month : `${month} / ${year}`;
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits stand before it. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index] as string)) seen += 1;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}

export interface FormattedEdit {
  value: string;
  caret: number;
}

/**
 * One edit of a formatted field: `previous` is what the field showed, `raw` what the browser made
 * of it after the keystroke or paste, with the caret at `caret`. Deleting only a separator (a
 * Backspace just after a space or the slash) deletes the digit before it instead, as the customer
 * meant; the caret stays after the same digits it followed, or at the end when it was at the end.
 */
export function editFormatted(
  previous: string,
  raw: string,
  caret: number,
  format: (input: string) => string,
): FormattedEdit {
  let text = raw;
  let position = Math.max(0, Math.min(caret, raw.length));
  // Exactly one character went, just before the caret (Backspace), and it was not a digit.
  const separatorOnly =
    position > 0 &&
    raw.length === previous.length - 1 &&
    raw === previous.slice(0, position) + previous.slice(position + 1) &&
    !/\d/.test(previous[position] ?? '');
  if (separatorOnly) {
    // Remove the digit before the caret (skipping the rest of the separator).
    let index = position - 1;
    while (index >= 0 && !/\d/.test(text[index] as string)) index -= 1;
    if (index >= 0) {
      text = text.slice(0, index) + text.slice(index + 1);
      position = index;
    }
  }
  const value = format(text);
  if (position >= text.length) return { value, caret: value.length };
  const digitsBefore = digitsOf(text.slice(0, position)).length;
  // A zero the format put before the month moves the digits one place on.
  const added = digitsOf(value).length - digitsOf(text).length;
  return { value, caret: caretAfterDigits(value, digitsBefore + Math.max(0, added)) };
}
