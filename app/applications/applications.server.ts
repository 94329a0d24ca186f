// Chauffeur and contractor applications (/chauffeur): validated with the contract's typed schema
// (cities are the service areas of the CMS), saved to `applications` with their type, and sent to
// staff by email. An application that could not be saved is reported as such and everything typed
// is kept. Spam: a hidden field only robots fill in, and a limit per address. The steps are the
// site's form pipeline (app/forms).
import { formatStoredPhone, typedPhoneToE164 } from '@business-chauffeur/booking-contract';
import {
  createApplicationFormSchema,
  messages,
  type ApplicantType,
  type ApplicationForm,
} from '@business-chauffeur/booking-contract/site';
import { getChauffeurCities } from '~/content/marketing-pages.server';
import { supportPhone } from '~/content/site-settings.server';
import { handleFormPost, type FormActionArgs } from '~/forms/form-action.server';
import { getMailer } from '~/mail/mail.server';
import { loadEmailBrand, renderPlainEmail } from '~/mail/plain-email.server';
import type { ApplicationRecord, NewApplication } from '~/store/application-store.server';
import { getApplicationStore } from '~/store/store.server';
import { getConfig } from '~/utils/env.server';
import { log } from '~/utils/log.server';
import { createRateLimiter } from '~/limits/rate-limit.server';
import { getSessionUser } from '~/accounts/session.server';

/** At most this many applications per client address in APPLICATION_WINDOW_MS. */
export const APPLICATION_LIMIT = 5;
export const APPLICATION_WINDOW_MS = 10 * 60 * 1000;

const limiter = createRateLimiter({
  name: 'application-address',
  limit: APPLICATION_LIMIT,
  windowMs: APPLICATION_WINDOW_MS,
});

export function resetApplicationLimit() {
  return limiter.reset();
}

const TYPE_LABEL: Record<ApplicantType, string> = {
  chauffeur: 'Chauffeur',
  contractor: 'Contractor (own vehicle)',
};

function staffEmail(
  application: ApplicationRecord,
  brand: Awaited<ReturnType<typeof loadEmailBrand>>,
) {
  const { personal, licence, driverAuthority, address, contact, experience } = application;
  const name = `${personal.firstName} ${personal.lastName}`;
  const subject = `${TYPE_LABEL[application.type]} application: ${name} (${application.city})`;
  const { text, html } = renderPlainEmail(brand, {
    title: subject,
    paragraphs: [
      `${name} applied through the website to join the fleet as a ${application.type}. Answering this email writes to them.`,
    ],
    details: [
      ['Applying as', TYPE_LABEL[application.type]],
      ['City', application.city],
      ['Years of driving experience', String(experience.years)],
      ...(experience.details ? ([['Experience', experience.details]] as [string, string][]) : []),
      ['Name', name],
      ['Date of birth', personal.dateOfBirth],
      [
        'Licence',
        `${licence.number}, class ${licence.class}, ${licence.state}, expires ${licence.expiry}`,
      ],
      [
        'Driver authority',
        driverAuthority
          ? `${driverAuthority.number}, expires ${driverAuthority.expiry}`
          : 'None yet',
      ],
      ['Address', `${address.street}\n${address.suburb} ${address.state} ${address.postcode}`],
      ['Email', contact.email],
      ['Mobile', formatStoredPhone(contact.mobile)],
      ['Received', application.createdAt],
      ['Reference', application.id],
    ],
  });
  return { to: [getConfig().mail.staff], replyTo: contact.email, subject, text, html };
}

async function notifyStaff(application: ApplicationRecord) {
  try {
    await getMailer().send(staffEmail(application, await loadEmailBrand()));
  } catch (error) {
    log.error('Staff could not be emailed about an application', {
      applicationId: application.id,
      error,
    });
  }
}

/** The record of an application as the form gave it. */
function applicationOf(form: ApplicationForm, userId: string | null): NewApplication {
  return {
    type: form.applicantType,
    city: form.city,
    experience: { years: form.experienceYears, details: form.experience ?? '' },
    personal: { firstName: form.firstName, lastName: form.lastName, dateOfBirth: form.dateOfBirth },
    licence: {
      number: form.licenceNumber,
      class: form.licenceClass,
      state: form.licenceState,
      expiry: form.licenceExpiry,
    },
    driverAuthority:
      form.authorityNumber && form.authorityExpiry
        ? { number: form.authorityNumber, expiry: form.authorityExpiry }
        : null,
    address: {
      street: form.street,
      suburb: form.suburb,
      state: form.state,
      postcode: form.postcode,
    },
    contact: { email: form.email, mobile: typedPhoneToE164(form.mobile) ?? form.mobile },
    userId,
    createdAt: new Date().toISOString(),
  };
}

export async function applicationAction(args: FormActionArgs) {
  return handleFormPost(args, {
    schema: createApplicationFormSchema({ cities: await getChauffeurCities() }),
    limiter,
    failure: 'An application could not be saved',
    unavailable: async () => messages.application.saveFailed(await supportPhone()),
    tooMany: async () => messages.application.tooMany(await supportPhone()),
    robot: (formData): ApplicantType =>
      formData.get('applicantType') === 'contractor' ? 'contractor' : 'chauffeur',
    async save(form) {
      const user = await getSessionUser(args.request);
      const application = applicationOf(form, user?.id ?? null);
      const saved = await getApplicationStore().addApplication(application);
      void notifyStaff(saved);
      return application.type;
    },
  });
}
