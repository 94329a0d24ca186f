// The Feedback & Complaints form of /contact: validated with the contract's schema, saved to
// `userFeedback` with the stored layout's fields, and sent to staff by email. A message that could
// not be saved is reported as such and everything typed is kept. Spam: a hidden field only robots
// fill in, and a limit per client address. The steps are the site's form pipeline (app/forms).
import { formatStoredPhone, typedPhoneToE164 } from '@business-chauffeur/booking-contract';
import { feedbackFormSchema, messages } from '@business-chauffeur/booking-contract/site';
import { supportPhone } from '~/content/site-settings.server';
import { handleFormPost, type FormActionArgs } from '~/forms/form-action.server';
import { getMailer } from '~/mail/mail.server';
import { loadEmailBrand, renderPlainEmail } from '~/mail/plain-email.server';
import type { FeedbackRecord } from '~/store/feedback-store.server';
import { getFeedbackStore } from '~/store/store.server';
import { getConfig } from '~/utils/env.server';
import { log } from '~/utils/log.server';
import { createRateLimiter } from '~/limits/rate-limit.server';
import { getSessionUser } from '~/accounts/session.server';

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

/** What the form starts with: a signed-in customer's name and email from the profile. */
export async function feedbackPrefill(request: Request) {
  const user = await getSessionUser(request);
  return user
    ? { firstName: user.firstName, lastName: user.lastName, email: user.email }
    : { firstName: '', lastName: '', email: '' };
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
      ['Phone', formatStoredPhone(feedback.contact.phone)],
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

export function feedbackAction(args: FormActionArgs) {
  return handleFormPost(args, {
    schema: feedbackFormSchema,
    limiter,
    failure: 'Feedback could not be saved',
    unavailable: async () => messages.feedback.saveFailed(await supportPhone()),
    tooMany: async () => messages.feedback.tooMany(await supportPhone()),
    // A robot is answered as if it worked, so it learns nothing, and nothing is kept.
    robot: () => true as const,
    async save(form) {
      const user = await getSessionUser(args.request);
      const saved = await getFeedbackStore().addFeedback({
        userId: user?.id ?? null,
        firstName: form.firstName,
        lastName: form.lastName,
        subject: form.subject,
        message: form.message,
        // A number is kept in E.164; the field takes any text ("after 5 pm"), kept as typed.
        contact: { email: form.email, phone: typedPhoneToE164(form.phone) ?? form.phone },
        creationDate: new Date().toISOString(),
      });
      // Not awaited: the customer's message is safe in the store whatever the mail server does.
      void notifyStaff(saved);
      return true as const;
    },
  });
}
