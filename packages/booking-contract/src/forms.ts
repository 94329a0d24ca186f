// The site's own forms (sign in, sign up, password reset, feedback): one Zod schema each, with the
// exact messages of spec §5 and decision 11. The browser runs the same schema before a form is
// sent (instant feedback, no round trip) and the route's action runs it on the posted FormData, so
// both sides always show the same message for the same input.
//
// Each schema takes the raw form values (strings, or nothing for a missing field) and reports at
// most the first problem of each field, in the order the specification lists them. Values come out
// trimmed, except passwords: spaces are allowed in a password and are part of it.
import { z } from './zod';
import { en as messages } from './messages';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, NAME_MAX_LENGTH } from './rules';
import { parseIsoDate, todayInBrisbane } from './time';

const a = messages.accounts;
const f = messages.feedback;
const ap = messages.application;

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
  { ok: true; data: T } | { ok: false; errors: FormErrors<Extract<keyof T, string>> };

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
// Chauffeur and contractor applications

export const APPLICATION_LIMITS = {
  name: NAME_MAX_LENGTH,
  experience: 2000,
  licenceNumber: 20,
  authorityNumber: 20,
  street: 200,
  suburb: 100,
} as const;

/** Drivers of a booked hire vehicle must be adults. */
export const APPLICANT_MIN_AGE = 18;
export const EXPERIENCE_YEARS_MAX = 70;
/** Licence and authority numbers: letters and digits (spaces and dashes as people type them). */
const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
const POSTCODE_PATTERN = /^\d{4}$/;
/** Digits after spaces, dashes, brackets and a leading + are removed: 8 to 15 of them. */
const APPLICANT_MOBILE_PATTERN = /^\d{8,15}$/;

export const APPLICANT_TYPES = ['chauffeur', 'contractor'] as const;
export type ApplicantType = (typeof APPLICANT_TYPES)[number];

export interface ApplicationFormOptions {
  /** The service areas an applicant may choose (from the CMS). */
  cities: readonly string[];
  /** The instant dates are checked against (tests pin it). */
  now?: Date;
}

/** The digits of a phone number as typed ("0400 111 222" → "0400111222"). */
export function phoneDigits(value: string): string {
  return value.replace(/[\s()+-]/g, '');
}

function dateError(value: string, required: string): string | undefined {
  if (blank(value)) return required;
  return parseIsoDate(value) ? undefined : ap.dateInvalid;
}

/** The date `years` years before `today` (YYYY-MM-DD); 29 February becomes 28 February. */
function yearsBefore(today: string, years: number): string {
  const [year, month, day] = today.split('-');
  const shifted = `${String(Number(year) - years).padStart(4, '0')}-${month}-${day}`;
  return parseIsoDate(shifted) ? shifted : `${shifted.slice(0, 8)}28`;
}

/**
 * /chauffeur (decision 10): the application form, chauffeur or contractor. The driver authority
 * is optional (an applicant may not hold one yet), but a number needs its expiry and vice versa.
 */
export function createApplicationFormSchema({ cities, now }: ApplicationFormOptions) {
  const classes: readonly string[] = messages.chauffeurForm.licenceClasses;
  const states: readonly string[] = messages.chauffeurForm.states;
  const max = APPLICATION_LIMITS;
  return z
    .object({
      applicantType: text,
      city: text,
      experienceYears: text,
      experience: text,
      firstName: text,
      lastName: text,
      dateOfBirth: text,
      licenceNumber: text,
      licenceClass: text,
      licenceState: text,
      licenceExpiry: text,
      authorityNumber: text,
      authorityExpiry: text,
      street: text,
      suburb: text,
      state: text,
      postcode: text,
      email: text,
      mobile: text,
    })
    .superRefine((values, ctx) => {
      const today = todayInBrisbane(now ?? new Date());
      const years = values.experienceYears;
      const hasAuthority = !blank(values.authorityNumber) || !blank(values.authorityExpiry);
      report(ctx, {
        applicantType: (APPLICANT_TYPES as readonly string[]).includes(values.applicantType)
          ? undefined
          : ap.typeRequired,
        city: cities.includes(values.city) ? undefined : ap.cityRequired,
        experienceYears: blank(years)
          ? ap.experienceYearsRequired
          : /^\d{1,2}$/.test(years) && Number(years) <= EXPERIENCE_YEARS_MAX
            ? undefined
            : ap.experienceYearsInvalid,
        experience:
          values.experience.length > max.experience ? ap.tooLong(max.experience) : undefined,
        firstName: requiredError(values.firstName, ap.firstNameRequired, max.name, ap.tooLong),
        lastName: requiredError(values.lastName, ap.lastNameRequired, max.name, ap.tooLong),
        dateOfBirth:
          dateError(values.dateOfBirth, ap.dateOfBirthRequired) ??
          (values.dateOfBirth > yearsBefore(today, APPLICANT_MIN_AGE)
            ? ap.tooYoung(APPLICANT_MIN_AGE)
            : values.dateOfBirth < yearsBefore(today, 100)
              ? ap.dateInvalid
              : undefined),
        licenceNumber:
          requiredError(
            values.licenceNumber,
            ap.licenceNumberRequired,
            max.licenceNumber,
            ap.tooLong,
          ) ??
          (DOCUMENT_NUMBER_PATTERN.test(values.licenceNumber)
            ? undefined
            : ap.licenceNumberInvalid),
        licenceClass: classes.includes(values.licenceClass) ? undefined : ap.licenceClassRequired,
        licenceState: states.includes(values.licenceState) ? undefined : ap.licenceStateRequired,
        licenceExpiry:
          dateError(values.licenceExpiry, ap.licenceExpiryRequired) ??
          (values.licenceExpiry < today ? ap.licenceExpired : undefined),
        authorityNumber: !hasAuthority
          ? undefined
          : blank(values.authorityNumber)
            ? ap.authorityNumberRequired
            : values.authorityNumber.length > max.authorityNumber
              ? ap.tooLong(max.authorityNumber)
              : DOCUMENT_NUMBER_PATTERN.test(values.authorityNumber)
                ? undefined
                : ap.authorityNumberInvalid,
        authorityExpiry: !hasAuthority
          ? undefined
          : (dateError(values.authorityExpiry, ap.authorityExpiryRequired) ??
            (values.authorityExpiry < today ? ap.authorityExpired : undefined)),
        street: requiredError(values.street, ap.streetRequired, max.street, ap.tooLong),
        suburb: requiredError(values.suburb, ap.suburbRequired, max.suburb, ap.tooLong),
        state: states.includes(values.state) ? undefined : ap.stateRequired,
        postcode: blank(values.postcode)
          ? ap.postcodeRequired
          : POSTCODE_PATTERN.test(values.postcode)
            ? undefined
            : ap.postcodeInvalid,
        email: emailError(values.email, ap.emailRequired, ap.emailInvalid, ap.tooLong),
        mobile: blank(values.mobile)
          ? ap.mobileRequired
          : APPLICANT_MOBILE_PATTERN.test(phoneDigits(values.mobile))
            ? undefined
            : ap.mobileInvalid,
      });
    });
}
export type ApplicationForm = z.output<ReturnType<typeof createApplicationFormSchema>>;

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
