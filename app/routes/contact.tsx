// /contact (spec §2): the page's copy, the business's phone, email and (when staff have entered
// one) address from the site settings, and the Feedback & Complaints form: validated with the
// shared schema on both sides, saved and sent to staff by the action (app/feedback), prefilled for
// a signed-in customer, emptied after success, and kept as typed when saving fails (decision 6).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { feedbackFormSchema, messages } from '@business-chauffeur/booking-contract';
import type { StylesHandle } from '~/utils/route-styles';
import { FormField, TextAreaField } from '~/components/form-field';
import { HoneypotField } from '~/components/honeypot-field';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { MarketingPageView } from '~/components/marketing-page';
import { getMarketingPage } from '~/content/marketing-pages.server';
import { feedbackAction, feedbackPrefill } from '~/feedback/feedback.server';
import type { loader as rootLoader } from '~/root';
import { contentMeta, notFoundMeta, rootMetaData } from '~/utils/content-seo';
import { mailtoHref, telHref } from '~/utils/links';
import { useFormValidation } from '~/utils/use-form-validation';
import pagesStyles from '~/styles/pages.css?inline';
import formsStyles from '~/styles/forms.css?inline';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [pagesStyles, formsStyles] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? contentMeta(rootMetaData(matches), data.page, '/contact')
    : notFoundMeta(messages.notFound.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, prefill] = await Promise.all([
    getMarketingPage('contact', request),
    feedbackPrefill(request),
  ]);
  if (!page) throw new Response('Not Found', { status: 404 });
  return { page, prefill };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return feedbackAction({ request, context });
}

export default function ContactPage() {
  const { page, prefill } = useLoaderData<typeof loader>();
  const settings = useRouteLoaderData<typeof rootLoader>('root')?.settings;
  const text = messages.contact;
  const address = settings?.address?.trim();
  return (
    <MarketingPageView page={page}>
      <div className="container contact">
        <section className="contact-details" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">{text.detailsTitle}</h2>
          <dl>
            {settings?.phone ? (
              <div>
                <dt>{text.phone}</dt>
                <dd>
                  <a href={telHref(settings.phone)}>{settings.phone}</a>
                </dd>
              </div>
            ) : null}
            {settings?.email ? (
              <div>
                <dt>{text.email}</dt>
                <dd>
                  <a href={mailtoHref(settings.email)}>{settings.email}</a>
                </dd>
              </div>
            ) : null}
            {address ? (
              <div>
                <dt>{text.address}</dt>
                <dd>
                  <address>{address}</address>
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
        <section className="form-card" aria-labelledby="feedback-title">
          <h2 id="feedback-title">{text.formTitle}</h2>
          <FeedbackForm prefill={prefill} />
        </section>
      </div>
    </MarketingPageView>
  );
}

function FeedbackForm({
  prefill,
}: {
  prefill: Record<'firstName' | 'lastName' | 'email', string>;
}) {
  const text = messages.contact;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { errors, formProps, reset } = useFormValidation({
    schema: feedbackFormSchema,
    serverState: answer && !answer.sent ? answer : undefined,
  });
  // After a successful send the form starts again, empty but for the prefill (spec §4).
  const [formKey, setFormKey] = useState(0);
  const [seen, setSeen] = useState(answer);
  if (seen !== answer) {
    setSeen(answer);
    if (answer?.sent) {
      setFormKey((key) => key + 1);
      reset();
    }
  }
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (formKey > 0) noticeRef.current?.focus();
  }, [formKey]);
  const values: Record<string, string> = (answer && !answer.sent ? answer.values : null) ?? prefill;
  const submitting = navigation.state === 'submitting';
  return (
    <>
      {answer?.sent ? (
        <p ref={noticeRef} className="form-notice" role="status" tabIndex={-1}>
          {messages.feedback.success}
        </p>
      ) : null}
      <Form
        key={formKey}
        method="post"
        className="form"
        aria-labelledby="feedback-title"
        {...formProps}
      >
        {answer && !answer.sent && answer.formError ? (
          <div className="form-alert" role="alert" tabIndex={-1} data-focus-on-error>
            <p>{answer.formError}</p>
          </div>
        ) : null}
        <div className="form__row">
          <FormField
            idPrefix="feedback"
            name="firstName"
            label={text.firstName}
            autoComplete="given-name"
            defaultValue={values.firstName}
            error={errors.firstName}
          />
          <FormField
            idPrefix="feedback"
            name="lastName"
            label={text.lastName}
            autoComplete="family-name"
            defaultValue={values.lastName}
            error={errors.lastName}
          />
        </div>
        <div className="form__row">
          <FormField
            idPrefix="feedback"
            name="email"
            label={text.emailField}
            type="email"
            autoComplete="email"
            defaultValue={values.email}
            error={errors.email}
          />
          <FormField
            idPrefix="feedback"
            name="phone"
            label={text.phoneField}
            type="tel"
            autoComplete="tel"
            defaultValue={values.phone}
            error={errors.phone}
          />
        </div>
        <FormField
          idPrefix="feedback"
          name="subject"
          label={text.subject}
          defaultValue={values.subject}
          error={errors.subject}
        />
        <TextAreaField
          idPrefix="feedback"
          name="message"
          label={text.message}
          rows={6}
          defaultValue={values.message}
          error={errors.message}
        />
        <HoneypotField idPrefix="feedback" />
        <button
          type="submit"
          className="button button--accent button--large"
          aria-disabled={submitting || undefined}
        >
          {text.submit}
        </button>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <ContentErrorBoundary />;
}
