// Chauffeur and contractor applications (/chauffeur, decision 10): validated with the shared
// schema (cities are the service areas of the CMS), saved to `applications` with their type, and
// sent to staff by email. An application that could not be saved is reported as such and
// everything typed is kept. Spam: a hidden field only robots fill in, and a limit per address.
import {
  createApplicationFormSchema,
  HONEYPOT_FIELD,
  messages,
  parseForm,
  phoneDigits,
  type ApplicantType,
} from '@business-chauffeur/booking-contract';
import { data, type AppLoadContext } from '@remix-run/node';
import { getChauffeurCities } from '~/content/marketing-pages.server';
import { getSiteSettings } from '~/content/site-settings.server';
import { getMailer } from '~/mail/mail.server';
import { loadEmailBrand, renderPlainEmail } from '~/mail/plain-email.server';
import type { ApplicationRecord, NewApplication } from '~/store/booking-store.server';
import { getBookingStore } from '~/store/store.server';
import { getConfig } from '~/utils/env.server';
import { isSameSiteFormPost } from '~/utils/form-origin.server';
import { log } from '~/utils/log.server';
import { clientAddressOf, createRateLimiter } from '~/utils/rate-limit.server';
import { getSessionUser } from '~/utils/session.server';

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

export type ApplicationFormState =
  | { sent: true; type: ApplicantType }
  | {
      sent?: false;
      errors?: Record<string, string>;
      formError?: string;
      values?: Record<string, string>;
    };

async function supportPhone(): Promise<string> {
  try {
    return (await getSiteSettings()).phone ?? '';
  } catch {
    return '';
  }
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
      ['Mobile', contact.mobile],
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

export async function applicationAction({
  request,
  context,
}: {
  request: Request;
  context: AppLoadContext;
}) {
  if (!isSameSiteFormPost(request, getConfig().siteUrl)) {
    return data<ApplicationFormState>(
      { formError: messages.accounts.crossSiteRefused },
      { status: 403 },
    );
  }
  const formData = await request.formData();
  const values = Object.fromEntries(
    [...formData.entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const { [HONEYPOT_FIELD]: trap, ...typed } = values;
  if (trap) {
    log.warn('An application was dropped by the honeypot', {
      clientAddress: clientAddressOf(context),
    });
    return data<ApplicationFormState>({
      sent: true,
      type: typed.applicantType === 'contractor' ? 'contractor' : 'chauffeur',
    });
  }
  const schema = createApplicationFormSchema({ cities: await getChauffeurCities() });
  const parsed = parseForm(schema, typed);
  if (!parsed.ok) {
    return data<ApplicationFormState>({ errors: parsed.errors, values: typed }, { status: 400 });
  }
  // Counted before anything is saved; when the counts cannot be read, nothing can be saved either.
  const limit = await limiter.hit(clientAddressOf(context)).catch((error: unknown) => {
    log.error('An application could not be saved', { error });
    return null;
  });
  if (!limit) {
    return data<ApplicationFormState>(
      { formError: messages.application.saveFailed(await supportPhone()), values: typed },
      { status: 503 },
    );
  }
  if (!limit.allowed) {
    return data<ApplicationFormState>(
      { formError: messages.application.tooMany(await supportPhone()), values: typed },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    );
  }
  const form = parsed.data;
  const user = await getSessionUser(request);
  const type: ApplicantType = form.applicantType === 'contractor' ? 'contractor' : 'chauffeur';
  const application: NewApplication = {
    type,
    city: form.city,
    experience: { years: Number(form.experienceYears), details: form.experience },
    personal: { firstName: form.firstName, lastName: form.lastName, dateOfBirth: form.dateOfBirth },
    licence: {
      number: form.licenceNumber,
      class: form.licenceClass,
      state: form.licenceState,
      expiry: form.licenceExpiry,
    },
    driverAuthority: form.authorityNumber
      ? { number: form.authorityNumber, expiry: form.authorityExpiry }
      : null,
    address: {
      street: form.street,
      suburb: form.suburb,
      state: form.state,
      postcode: form.postcode,
    },
    contact: { email: form.email, mobile: phoneDigits(form.mobile) },
    userId: user?.id ?? null,
    createdAt: new Date().toISOString(),
  };
  let saved: ApplicationRecord;
  try {
    saved = await getBookingStore().addApplication(application);
  } catch (error) {
    log.error('An application could not be saved', { error });
    return data<ApplicationFormState>(
      { formError: messages.application.saveFailed(await supportPhone()), values: typed },
      { status: 503 },
    );
  }
  void notifyStaff(saved);
  return data<ApplicationFormState>({ sent: true, type });
}
