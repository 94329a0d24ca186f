// The site's own forms (sign in, sign up, password reset, feedback; the chauffeur application in
// application-form.ts): one Zod schema each, with the exact messages of the catalogue
// (messages.ts). The site parses posted forms with Conform (`parseWithZod`), in the browser before
// a form is sent and in the route's action, so both sides show the same message for the same input
// (docs/decisions/022-one-form-pipeline-with-conform.md).
//
// Conform hands a schema a missing field, or an empty one, as undefined; a blank field (spaces) as
// typed. Each field reports its problems in the order the catalogue lists them and the page shows
// the first. Values come out trimmed, except passwords: spaces are allowed in a password and are
// part of it.
import { z } from './zod';
import { messages } from './site-messages';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, NAME_MAX_LENGTH } from './rules';
import { ALWAYS, blank, emailAddress, requiredText } from './form-fields';

export * from './application-form';

const a = messages.accounts;
const f = messages.feedback;

/** Passwords longer than this are refused: hashing a megabyte-long "password" is a denial of service. */
export const PASSWORD_MAX_LENGTH = 128;
/** At least 6 characters, and one of each class below (docs/decisions/009-accounts-and-site-forms.md). */
export const PASSWORD_MIN_LENGTH = 6;
/** The special characters a password must contain one of. */
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

/** A password as typed (never trimmed): blank → `required`. */
function password(required: string) {
  return z.string({ error: required }).refine((value) => !blank(value), required);
}

/** The failed password rules, length first; empty when the password is acceptable. */
export function passwordProblems(value: string): string[] {
  const rules = a.passwordRules;
  const problems: string[] = [];
  if (value.length < PASSWORD_MIN_LENGTH) problems.push(rules.length);
  if (!/[A-Z]/.test(value)) problems.push(rules.uppercase);
  if (!/[a-z]/.test(value)) problems.push(rules.lowercase);
  if (!/\d/.test(value)) problems.push(rules.digit);
  if (![...PASSWORD_SPECIALS].some((character) => value.includes(character))) {
    problems.push(rules.special);
  }
  return problems;
}

/** The message for a new password (sign-up and reset), or undefined when it is acceptable. */
export function newPasswordError(value: string): string | undefined {
  if (blank(value)) return a.passwordRequired;
  if (value.length > PASSWORD_MAX_LENGTH) return a.passwordTooLong(PASSWORD_MAX_LENGTH);
  const problems = passwordProblems(value);
  return problems.length > 0 ? problems.join(a.passwordRuleSeparator) : undefined;
}

/** A new password: every failed rule in one message, joined with " / ". */
const newPassword = z.string({ error: a.passwordRequired }).superRefine((value, ctx) => {
  const message = newPasswordError(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});

/** Emails are compared and stored in lower case: Jane@Example.com and jane@example.com are one person. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Accounts

/** /signin, sign-in mode. */
export const signInFormSchema = z.object({
  email: emailAddress(a.emailRequired, a.emailInvalid, a.tooLong),
  password: password(a.passwordRequired).refine(
    (value) => value.length <= PASSWORD_MAX_LENGTH,
    // No account can have such a password: answer as for any wrong password.
    a.invalidCredentials,
  ),
});
export type SignInForm = z.output<typeof signInFormSchema>;

/**
 * /signin?resetFlag=true: no field checks, and the same confirmation whatever was typed
 * (docs/decisions/009-accounts-and-site-forms.md), so this schema never fails; the server only
 * sends a link to an address that is valid and has an account.
 */
export const resetRequestFormSchema = z.object({ email: z.string().trim().default('') });
export type ResetRequestForm = z.output<typeof resetRequestFormSchema>;

/** /signup: names, the email twice and a new password. */
export const signUpFormSchema = z
  .object({
    firstName: requiredText(a.firstNameRequired, NAME_MAX_LENGTH, a.tooLong),
    lastName: requiredText(a.lastNameRequired, NAME_MAX_LENGTH, a.tooLong),
    email: emailAddress(a.emailRequired, a.emailInvalid, a.tooLong),
    confirmEmail: emailAddress(a.confirmEmailRequired, a.emailInvalid, a.tooLong),
    password: newPassword,
  })
  .superRefine((values, ctx) => {
    const confirm = values.confirmEmail ?? '';
    const confirmValid = confirm.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(confirm);
    if (confirmValid && normaliseEmail(confirm) !== normaliseEmail(values.email ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['confirmEmail'], message: a.emailsDoNotMatch });
    }
  }, ALWAYS);
export type SignUpForm = z.output<typeof signUpFormSchema>;

/** The page the emailed reset link opens: a new password with the sign-up rules, typed twice. */
export const newPasswordFormSchema = z
  .object({
    code: z.string({ error: a.resetLinkInvalid }).trim().min(1, a.resetLinkInvalid),
    password: newPassword,
    confirmPassword: password(a.confirmPasswordRequired),
  })
  .superRefine((values, ctx) => {
    if (!blank(values.confirmPassword) && values.confirmPassword !== values.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: a.passwordsDoNotMatch });
    }
  }, ALWAYS);
export type NewPasswordForm = z.output<typeof newPasswordFormSchema>;

// ---------------------------------------------------------------------------------------------
// Feedback

const max = FEEDBACK_LIMITS;

/** /contact "Feedback & Complaints": every field required; no format check on the phone. */
export const feedbackFormSchema = z.object({
  firstName: requiredText(f.firstNameRequired, max.name, f.tooLong),
  lastName: requiredText(f.lastNameRequired, max.name, f.tooLong),
  email: emailAddress(f.emailRequired, f.emailInvalid, f.tooLong),
  phone: requiredText(f.phoneRequired, max.phone, f.tooLong),
  subject: requiredText(f.subjectRequired, max.subject, f.tooLong),
  message: requiredText(f.messageRequired, max.message, f.tooLong),
});
export type FeedbackForm = z.output<typeof feedbackFormSchema>;
