// The chauffeur and contractor application of /chauffeur (docs/decisions/022-one-form-pipeline-
// with-conform.md): typed fields, each with its own checks and the catalogue's messages. Conform
// turns the posted text into those types before the schema runs: the years of experience into a
// number, the choices into enums; dates stay ISO strings (YYYY-MM-DD, as stored), checked as dates
// and compared as Queensland days. Only the driver authority, whose number and expiry go together,
// is checked across fields.
import { z } from './zod';
import { messages } from './site-messages';
import { NAME_MAX_LENGTH } from './rules';
import { todayInBrisbane } from './time';
import { ALWAYS, emailAddress, requiredText } from './form-fields';

const ap = messages.application;

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
  /** The instant dates are checked against (tests pin it); the time of each check otherwise. */
  now?: Date;
}

/** The digits of a phone number as typed ("0400 111 222" → "0400111222"). */
export function phoneDigits(value: string): string {
  return value.replace(/[\s()+-]/g, '');
}

/** The date `years` years before `today` (YYYY-MM-DD); 29 February becomes 28 February. */
function yearsBefore(today: string, years: number): string {
  const [year, month, day] = today.split('-');
  const shifted = `${String(Number(year) - years).padStart(4, '0')}-${month}-${day}`;
  return z.iso.date().safeParse(shifted).success ? shifted : `${shifted.slice(0, 8)}28`;
}

/** One of `options`; anything else (or nothing) → `message`. */
function choice(options: readonly string[], message: string) {
  return z.enum(options as [string, ...string[]], { error: message });
}

/** A calendar date (YYYY-MM-DD): missing → `required`, not a real date → the catalogue's message. */
function isoDate(required: string) {
  return z.iso.date({ error: (issue) => (issue.input === undefined ? required : ap.dateInvalid) });
}

/** A licence or authority number: letters, digits, spaces and dashes. */
function documentNumber(required: string, invalid: string, max: number) {
  return requiredText(required, max, ap.tooLong).regex(DOCUMENT_NUMBER_PATTERN, invalid);
}

/**
 * /chauffeur: the application form, chauffeur or contractor. The driver authority is optional (an
 * applicant may not hold one yet), but a number needs its expiry and an expiry its number.
 */
export function createApplicationFormSchema({ cities, now }: ApplicationFormOptions) {
  const text = messages.chauffeurForm;
  const max = APPLICATION_LIMITS;
  const today = () => todayInBrisbane(now ?? new Date());
  return z
    .object({
      applicantType: z.enum(APPLICANT_TYPES, { error: ap.typeRequired }),
      city: choice(cities, ap.cityRequired),
      experienceYears: z
        .number({
          error: (issue) =>
            issue.input === undefined ? ap.experienceYearsRequired : ap.experienceYearsInvalid,
        })
        .int(ap.experienceYearsInvalid)
        .min(0, ap.experienceYearsInvalid)
        .max(EXPERIENCE_YEARS_MAX, ap.experienceYearsInvalid),
      experience: z.string().trim().max(max.experience, ap.tooLong(max.experience)).optional(),
      firstName: requiredText(ap.firstNameRequired, max.name, ap.tooLong),
      lastName: requiredText(ap.lastNameRequired, max.name, ap.tooLong),
      dateOfBirth: isoDate(ap.dateOfBirthRequired)
        .refine((date) => date <= yearsBefore(today(), APPLICANT_MIN_AGE), {
          message: ap.tooYoung(APPLICANT_MIN_AGE),
        })
        .refine((date) => date >= yearsBefore(today(), 100), ap.dateInvalid),
      licenceNumber: documentNumber(
        ap.licenceNumberRequired,
        ap.licenceNumberInvalid,
        max.licenceNumber,
      ),
      licenceClass: choice(text.licenceClasses, ap.licenceClassRequired),
      licenceState: choice(text.states, ap.licenceStateRequired),
      licenceExpiry: isoDate(ap.licenceExpiryRequired).refine(
        (date) => date >= today(),
        ap.licenceExpired,
      ),
      authorityNumber: documentNumber(
        ap.authorityNumberRequired,
        ap.authorityNumberInvalid,
        max.authorityNumber,
      ).optional(),
      authorityExpiry: isoDate(ap.authorityExpiryRequired)
        .refine((date) => date >= today(), ap.authorityExpired)
        .optional(),
      street: requiredText(ap.streetRequired, max.street, ap.tooLong),
      suburb: requiredText(ap.suburbRequired, max.suburb, ap.tooLong),
      state: choice(text.states, ap.stateRequired),
      postcode: z
        .string({ error: ap.postcodeRequired })
        .trim()
        .min(1, ap.postcodeRequired)
        .regex(POSTCODE_PATTERN, ap.postcodeInvalid),
      email: emailAddress(ap.emailRequired, ap.emailInvalid, ap.tooLong),
      mobile: z
        .string({ error: ap.mobileRequired })
        .trim()
        .min(1, ap.mobileRequired)
        .refine((mobile) => APPLICANT_MOBILE_PATTERN.test(phoneDigits(mobile)), ap.mobileInvalid)
        .transform(phoneDigits),
    })
    .superRefine((values, ctx) => {
      const { authorityNumber, authorityExpiry } = values;
      if (authorityNumber === undefined && authorityExpiry !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['authorityNumber'],
          message: ap.authorityNumberRequired,
        });
      }
      if (authorityExpiry === undefined && authorityNumber !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['authorityExpiry'],
          message: ap.authorityExpiryRequired,
        });
      }
    }, ALWAYS);
}
export type ApplicationForm = z.output<ReturnType<typeof createApplicationFormSchema>>;
