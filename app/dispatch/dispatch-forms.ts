// The forms of the dispatch pages (chauffeurs, cars, a booking's chauffeur and car), checked the
// same in the browser (Conform) and by the actions.
import { parseIsoDate, typedPhoneToE164 } from '@business-chauffeur/booking-contract';
// The contract's zod, configured (jitless) before these schemas are built: this module reaches the
// browser in chunks of its own, where the contract's index may not have run.
import { z } from '@business-chauffeur/booking-contract/zod';

export const dispatchMessages = {
  firstNameRequired: 'Enter the chauffeur’s first name.',
  lastNameRequired: 'Enter the chauffeur’s last name.',
  nameTooLong: 'Keep the name under 60 characters.',
  mobileInvalid: 'Enter the chauffeur’s mobile number, for example 0412 345 678.',
  emailInvalid: 'Enter the chauffeur’s email address, for example name@example.com.',
  licenceExpiryRequired: 'Enter the date the driver licence expires.',
  authorisationExpiryRequired: 'Enter the date the driver authorisation expires.',
  plateInvalid: 'Enter the registration plate: 2 to 9 letters and digits, for example 123 ABC.',
  makeModelRequired: 'Enter the make and model, for example Mercedes-Benz E 300.',
  makeModelTooLong: 'Keep the make and model under 80 characters.',
  vehicleTypeRequired: 'Choose the vehicle type the car counts as.',
  seatsInvalid: 'Enter the passenger seats, 1 to 13.',
  registrationExpiryRequired: 'Enter the date the registration expires.',
  chauffeurRequired: 'Choose a chauffeur.',
  carRequired: 'Choose a car.',
  chauffeurAdded: (name: string) => `${name} is now a chauffeur.`,
  chauffeurSaved: (name: string) => `Saved ${name}.`,
  chauffeurMissing: 'That chauffeur is no longer there. Reload the page.',
  alreadyChauffeur: (name: string) =>
    `${name} is already a chauffeur: change their details in the list below.`,
  applicationMissing: 'That application is no longer there. Reload the page.',
  applicationIncomplete:
    'This applicant has no driver authorisation yet. Add them by hand once they hold one.',
  carAdded: (plate: string) => `Added car ${plate}.`,
  carSaved: (plate: string) => `Saved car ${plate}.`,
  carMissing: 'That car is no longer there. Reload the page.',
  plateTaken: (plate: string) =>
    `A car with the plate ${plate} is already in the fleet: change it in the list below.`,
  unavailable: 'That could not be saved just now. Please try again in a moment.',
} as const;

const name = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(60, dispatchMessages.nameTooLong)
    // No control characters or markup in what emails and the run sheet print.
    .regex(/^[^<>\p{Cc}]+$/u, required);

const isoDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .refine((value) => parseIsoDate(value) !== undefined, required);

const active = z
  .string()
  .optional()
  .transform((value) => value === 'on');

/** A record's id as the pages send it back (a store id, or a plate's letters and digits). */
const recordId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** A chauffeur added by hand (no `id`) or changed (`id`). */
export const chauffeurFormSchema = z.object({
  intent: z.literal('save-chauffeur'),
  id: recordId.optional(),
  firstName: name(dispatchMessages.firstNameRequired),
  lastName: name(dispatchMessages.lastNameRequired),
  mobile: z
    .string({ error: dispatchMessages.mobileInvalid })
    .trim()
    .max(30, dispatchMessages.mobileInvalid)
    .refine((value) => typedPhoneToE164(value) !== null, dispatchMessages.mobileInvalid)
    .transform((value) => typedPhoneToE164(value)!),
  email: z
    .string({ error: dispatchMessages.emailInvalid })
    .trim()
    .max(254, dispatchMessages.emailInvalid)
    .pipe(z.email(dispatchMessages.emailInvalid))
    .transform((value) => value.toLowerCase()),
  licenceExpiry: isoDate(dispatchMessages.licenceExpiryRequired),
  authorisationExpiry: isoDate(dispatchMessages.authorisationExpiryRequired),
  active,
});

/** "Make a chauffeur" on an application. */
export const fromApplicationSchema = z.object({
  intent: z.literal('from-application'),
  applicationId: recordId,
});

export const PLATE_PATTERN = /^[A-Z0-9][A-Z0-9 -]{0,10}[A-Z0-9]$/;

/** A car added (no `id`) or changed (`id`: its plate's letters and digits). */
export const carFormSchema = z.object({
  intent: z.literal('save-car'),
  id: recordId.optional(),
  plate: z
    .string({ error: dispatchMessages.plateInvalid })
    .trim()
    .toUpperCase()
    .regex(PLATE_PATTERN, dispatchMessages.plateInvalid)
    .refine((value) => {
      const characters = value.replace(/[^A-Z0-9]/g, '').length;
      return characters >= 2 && characters <= 9;
    }, dispatchMessages.plateInvalid),
  makeModel: z
    .string({ error: dispatchMessages.makeModelRequired })
    .trim()
    .min(1, dispatchMessages.makeModelRequired)
    .max(80, dispatchMessages.makeModelTooLong)
    .regex(/^[^<>\p{Cc}]+$/u, dispatchMessages.makeModelRequired),
  vehicleTypeId: z
    .string({ error: dispatchMessages.vehicleTypeRequired })
    .regex(/^vehicleType\.[a-z0-9-]{1,80}$/, dispatchMessages.vehicleTypeRequired),
  seats: z.coerce
    .number({ error: dispatchMessages.seatsInvalid })
    .int(dispatchMessages.seatsInvalid)
    .min(1, dispatchMessages.seatsInvalid)
    .max(13, dispatchMessages.seatsInvalid),
  registrationExpiry: isoDate(dispatchMessages.registrationExpiryRequired),
  active,
});

/** A booking's chauffeur and car (assign or change), or taking them off it. */
export const assignFormSchema = z.object({
  intent: z.literal('assign'),
  chauffeurId: z.string({ error: dispatchMessages.chauffeurRequired }).pipe(recordId),
  carId: z.string({ error: dispatchMessages.carRequired }).pipe(recordId),
});

export const unassignFormSchema = z.object({ intent: z.literal('unassign') });
