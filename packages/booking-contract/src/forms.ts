// The site's own forms (sign in, sign up, password reset, feedback): one Zod schema each, with the
// exact messages of spec §5 and decision 11. The browser runs the same schema before a form is
// sent (instant feedback, no round trip) and the route's action runs it on the posted FormData, so
// both sides always show the same message for the same input.
//
// Each schema takes the raw form values (strings, or nothing for a missing field) and reports at
// most the first problem of each field, in the order the specification lists them. Values come out
// trimmed, except passwords: spaces are allowed in a password and are part of it.
import { z } from 'zod';
import { en as messages } from './messages';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, NAME_MAX_LENGTH } from './rules';

const a = messages.accounts;
const f = messages.feedback;

/** Passwords longer than this are refused: hashing a megabyte-long "password" is a denial of service. */
export const PASSWORD_MAX_LENGTH = 128;
/** Decision 11 / spec §5: at least 6 characters, and one of each class below. */
export const PASSWORD_MIN_LENGTH = 6;
/** The special characters a password must contain one of (spec §5). */
export const PASSWORD_SPECIALS = '@$!%*?&#';

export const FEEDBACK_LIMITS = {
  name: NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  phone: 30,
  subject: 200,
  message: 5000,
} as const;

/** The hidden field that only robots fill in; a submission with it is dropped silently. */
export const HONEYPOT_FIELD = 'website';

/** Field name → message; absent when the field is valid. */
export type FormErrors<K extends string = string> = Partial<Record<K, string>>;

export type FormResult<T> =
  | { ok: true; data: T }
  | { ok: false; errors: FormErrors<Extract<keyof T, string>> };

/** Spec §5: "Empty means null, undefined or blank after trimming." */
function blank(value: string): boolean {
  return value.trim() === '';
}

/** A form value as a string: a missing field (or a file) counts as empty. */
const raw = z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string());
/** The same, trimmed. */
const text = z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), z.string());

/** The failed password rules of decision 11, length first; empty when the password is acceptable. */
export function passwordProblems(password: string): string[] {
  const rules = a.passwordRules;
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(rules.length);
  if (!/[A-Z]/.test(password)) problems.push(rules.uppercase);
  if (!/[a-z]/.test(password)) problems.push(rules.lowercase);
  if (!/\d/.test(password)) problems.push(rules.digit);
  if (![...PASSWORD_SPECIALS].some((character) => password.includes(character))) {
    problems.push(rules.special);
  }
  return problems;
}

/** The message for a new password (sign-up and reset), or undefined when it is acceptable. */
export function newPasswordError(password: string): string | undefined {
  if (blank(password)) return a.passwordRequired;
  if (password.length > PASSWORD_MAX_LENGTH) return a.passwordTooLong(PASSWORD_MAX_LENGTH);
  const problems = passwordProblems(password);
  return problems.length > 0 ? problems.join(a.passwordRuleSeparator) : undefined;
}

function emailError(
  email: string,
  required: string,
  invalid: string,
  tooLong: (max: number) => string,
): string | undefined {
  if (blank(email)) return required;
  if (email.length > EMAIL_MAX_LENGTH) return tooLong(EMAIL_MAX_LENGTH);
  if (!EMAIL_PATTERN.test(email)) return invalid;
  return undefined;
}

function requiredError(
  value: string,
  required: string,
  max: number,
  tooLong: (max: number) => string,
): string | undefined {
  if (blank(value)) return required;
  if (value.length > max) return tooLong(max);
  return undefined;
}

/** Adds each defined message as an issue on its field. */
function report(ctx: z.RefinementCtx, errors: Record<string, string | undefined>) {
  for (const [field, message] of Object.entries(errors)) {
    if (message) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/** Emails are compared and stored in lower case: Jane@Example.com and jane@example.com are one person. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Accounts

/** /signin, sign-in mode (spec §5 "Sign in"). */
export const signInFormSchema = z
  .object({ email: text, password: raw })
  .superRefine((values, ctx) => {
    report(ctx, {
      email: emailError(values.email, a.emailRequired, a.emailInvalid, a.tooLong),
      password: blank(values.password)
        ? a.passwordRequired
        : values.password.length > PASSWORD_MAX_LENGTH
          ? // No account can have such a password: answer as for any wrong password.
            a.invalidCredentials
          : undefined,
    });
  });
export type SignInForm = z.output<typeof signInFormSchema>;

/**
 * /signin?resetFlag=true. Spec §5: "Reset mode: no field checks before the call", and decision 7:
 * the same confirmation whatever was typed, so this schema never fails; the server only sends a
 * link to an address that is valid and has an account.
 */
export const resetRequestFormSchema = z.object({ email: text });
export type ResetRequestForm = z.output<typeof resetRequestFormSchema>;

/** /signup (spec §5 "Sign up", decision 11). */
export const signUpFormSchema = z
  .object({
    firstName: text,
    lastName: text,
    email: text,
    confirmEmail: text,
    password: raw,
  })
  .superRefine((values, ctx) => {
    const confirmError =
      emailError(values.confirmEmail, a.confirmEmailRequired, a.emailInvalid, a.tooLong) ??
      (normaliseEmail(values.confirmEmail) !== normaliseEmail(values.email)
        ? a.emailsDoNotMatch
        : undefined);
    report(ctx, {
      firstName: requiredError(values.firstName, a.firstNameRequired, NAME_MAX_LENGTH, a.tooLong),
      lastName: requiredError(values.lastName, a.lastNameRequired, NAME_MAX_LENGTH, a.tooLong),
      email: emailError(values.email, a.emailRequired, a.emailInvalid, a.tooLong),
      confirmEmail: confirmError,
      password: newPasswordError(values.password),
    });
  });
export type SignUpForm = z.output<typeof signUpFormSchema>;

/** The page the emailed reset link opens: a new password with the sign-up rules, typed twice. */
export const newPasswordFormSchema = z
  .object({ code: text, password: raw, confirmPassword: raw })
  .superRefine((values, ctx) => {
    report(ctx, {
      code: blank(values.code) ? a.resetLinkInvalid : undefined,
      password: newPasswordError(values.password),
      confirmPassword: blank(values.confirmPassword)
        ? a.confirmPasswordRequired
        : values.confirmPassword !== values.password
          ? a.passwordsDoNotMatch
          : undefined,
    });
  });
export type NewPasswordForm = z.output<typeof newPasswordFormSchema>;

// ---------------------------------------------------------------------------------------------
// Feedback

/** /contact "Feedback & Complaints" (spec §5 "Feedback (all required)"). */
export const feedbackFormSchema = z
  .object({
    firstName: text,
    lastName: text,
    email: text,
    phone: text,
    subject: text,
    message: text,
  })
  .superRefine((values, ctx) => {
    const max = FEEDBACK_LIMITS;
    report(ctx, {
      firstName: requiredError(values.firstName, f.firstNameRequired, max.name, f.tooLong),
      lastName: requiredError(values.lastName, f.lastNameRequired, max.name, f.tooLong),
      email: emailError(values.email, f.emailRequired, f.emailInvalid, f.tooLong),
      // Spec §5: no format check on the phone number.
      phone: requiredError(values.phone, f.phoneRequired, max.phone, f.tooLong),
      subject: requiredError(values.subject, f.subjectRequired, max.subject, f.tooLong),
      message: requiredError(values.message, f.messageRequired, max.message, f.tooLong),
    });
  });
export type FeedbackForm = z.output<typeof feedbackFormSchema>;

// ---------------------------------------------------------------------------------------------
// Running a schema

/** The first message of each field, keyed by field name. */
export function formErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The string values of a FormData (the last of repeated names), for a schema to parse. */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

/** Parses form values with one of the schemas above: the values, or the message of each field. */
export function parseForm<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  input: FormData | Record<string, unknown>,
): FormResult<z.output<S>> {
  const values = input instanceof FormData ? formValues(input) : input;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    errors: formErrors(result.error) as FormErrors<Extract<keyof z.output<S>, string>>,
  };
}
