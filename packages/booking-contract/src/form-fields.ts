// Building blocks of the site's form schemas (forms.ts, application-form.ts). Conform hands a
// schema a missing or empty field as undefined and a blank one (spaces) as typed, so a required
// field refuses both with the same message.
import { z } from './zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './rules';

/** Empty means missing, or blank after trimming. */
export function blank(value: string | undefined): boolean {
  return (value ?? '').trim() === '';
}

type TooLong = (max: number) => string;

/** A required text field, trimmed: blank → `required`; longer than `max` → `tooLong(max)`. */
export function requiredText(required: string, max: number, tooLong: TooLong) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong(max));
}

/** A required email address, trimmed: blank, too long, then not an address. */
export function emailAddress(required: string, invalid: string, tooLong: TooLong) {
  return requiredText(required, EMAIL_MAX_LENGTH, tooLong).regex(EMAIL_PATTERN, invalid);
}

/**
 * For checks that run across fields, on the values as they came (a field with its own problem may
 * be missing): they run even when other fields failed, so every message shows at once.
 */
export const ALWAYS = { when: () => true } as const;
