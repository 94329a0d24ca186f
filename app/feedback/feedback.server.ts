// The Feedback & Complaints form of /contact (spec §2, §3, §5, §8; decision 6): validated with the
// shared schema, saved to `userFeedback` with the specification's fields, and sent to staff by
// email. A message that could not be saved is reported as such and everything typed is kept.
// Spam: a hidden field only robots fill in, and a limit per client address.
import {
  feedbackFormSchema,
  HONEYPOT_FIELD,
  messages,
  parseForm,
  type FeedbackForm,
} from '@business-chauffeur/booking-contract';
import { data, type AppLoadContext } from '@remix-run/node';
import { getSiteSettings } from '~/content/site-settings.server';
import { getMailer } from '~/mail/mail.server';
import { loadEmailBrand, renderPlainEmail } from '~/mail/plain-email.server';
import type { FeedbackRecord } from '~/store/booking-store.server';
import { getBookingStore } from '~/store/store.server';
import { getConfig } from '~/utils/env.server';
import { isSameSiteFormPost } from '~/utils/form-origin.server';
import { log } from '~/utils/log.server';
import { clientAddressOf, createRateLimiter } from '~/utils/rate-limit.server';
import { getSessionUser } from '~/utils/session.server';

/** At most this many messages per client address in FEEDBACK_WINDOW_MS. */
export const FEEDBACK_LIMIT = 5;
export const FEEDBACK_WINDOW_MS = 10 * 60 * 1000;

const limiter = createRateLimiter({
  name: 'feedback-address',
  limit: FEEDBACK_LIMIT,
  windowMs: FEEDBACK_WINDOW_MS,
});

/** Forgets every count (tests). */
export function resetFeedbackLimit() {
  return limiter.reset();
}

export type FeedbackFormState =
  | { sent: true }
  | {
      sent?: false;
      errors?: Record<string, string>;
      formError?: string;
      /** Everything typed, put back in the fields. */
      values?: Record<string, string>;
    };

/** What the form starts with: a signed-in customer's name and email from the profile (spec §6). */
export async function feedbackPrefill(request: Request) {
  const user = await getSessionUser(request);
  return user
    ? { firstName: user.firstName, lastName: user.lastName, email: user.email }
    : { firstName: '', lastName: '', email: '' };
}

async function supportPhone(): Promise<string> {
  try {
    return (await getSiteSettings()).phone ?? '';
  } catch {
    return '';
  }
}

function staffEmail(feedback: FeedbackRecord, brand: Awaited<ReturnType<typeof loadEmailBrand>>) {
  const name = `${feedback.firstName} ${feedback.lastName}`;
  const { text, html } = renderPlainEmail(brand, {
    title: `Feedback: ${feedback.subject}`,
    paragraphs: [
      `${name} sent feedback through the website. Please reply within 48 hours: answering this email writes to them.`,
    ],
    details: [
      ['Name', name],
      ['Email', feedback.contact.email],
      ['Phone', feedback.contact.phone],
      ['Subject', feedback.subject],
      ['Message', feedback.message],
      ['Signed in', feedback.userId ? `Yes (account ${feedback.userId})` : 'No'],
      ['Received', feedback.creationDate],
      ['Reference', feedback.id],
    ],
  });
  return {
    to: [getConfig().mail.staff],
    replyTo: feedback.contact.email,
    subject: `Feedback: ${feedback.subject}`,
    text,
    html,
  };
}

/** Emails staff; a failure is logged (the message is saved, staff see it in the store). */
async function notifyStaff(feedback: FeedbackRecord) {
  try {
    await getMailer().send(staffEmail(feedback, await loadEmailBrand()));
  } catch (error) {
    log.error('Staff could not be emailed about feedback', { feedbackId: feedback.id, error });
  }
}

async function formOf(request: Request): Promise<Record<string, string>> {
  const formData = await request.formData();
  return Object.fromEntries(
    [...formData.entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export async function feedbackAction({
  request,
  context,
}: {
  request: Request;
  context: AppLoadContext;
}) {
  if (!isSameSiteFormPost(request, getConfig().siteUrl)) {
    return data<FeedbackFormState>(
      { formError: messages.accounts.crossSiteRefused },
      { status: 403 },
    );
  }
  const values = await formOf(request);
  const { [HONEYPOT_FIELD]: trap, ...typed } = values;
  if (trap) {
    // A robot: answer as if it worked, so it learns nothing, and keep nothing.
    log.warn('Feedback dropped by the honeypot', { clientAddress: clientAddressOf(context) });
    return data<FeedbackFormState>({ sent: true });
  }
  const parsed = parseForm(feedbackFormSchema, typed);
  if (!parsed.ok) {
    return data<FeedbackFormState>({ errors: parsed.errors, values: typed }, { status: 400 });
  }
  // Counted before anything is saved; when the counts cannot be read, nothing can be saved either.
  const limit = await limiter.hit(clientAddressOf(context)).catch((error: unknown) => {
    log.error('Feedback could not be saved', { error });
    return null;
  });
  if (!limit) {
    return data<FeedbackFormState>(
      { formError: messages.feedback.saveFailed(await supportPhone()), values: typed },
      { status: 503 },
    );
  }
  if (!limit.allowed) {
    return data<FeedbackFormState>(
      { formError: messages.feedback.tooMany(await supportPhone()), values: typed },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    );
  }
  const form: FeedbackForm = parsed.data;
  const user = await getSessionUser(request);
  let saved: FeedbackRecord;
  try {
    saved = await getBookingStore().addFeedback({
      userId: user?.id ?? null,
      firstName: form.firstName,
      lastName: form.lastName,
      subject: form.subject,
      message: form.message,
      contact: { email: form.email, phone: form.phone },
      creationDate: new Date().toISOString(),
    });
  } catch (error) {
    // Decision 6: say so, and keep what was typed.
    log.error('Feedback could not be saved', { error });
    return data<FeedbackFormState>(
      { formError: messages.feedback.saveFailed(await supportPhone()), values: typed },
      { status: 503 },
    );
  }
  // Not awaited: the customer's message is safe in the store whatever the mail server does.
  void notifyStaff(saved);
  return data<FeedbackFormState>({ sent: true });
}
