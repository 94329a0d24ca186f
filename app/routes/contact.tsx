// /contact: the page's copy, the business's phone, email and (when staff have entered one)
// address from the site settings, and the Feedback & Complaints form: validated with the contract's
// schema on both sides (app/forms), saved and sent to staff by the action (app/feedback), prefilled
// for a signed-in customer, emptied after success, and kept as typed when saving fails.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { feedbackFormSchema, messages } from '@business-chauffeur/booking-contract/site';
import type { StylesHandle } from '~/utils/route-styles';
import { FormAlert, SubmitButton, TextAreaField, TextField } from '~/components/form-field';
import { HoneypotField } from '~/components/honeypot-field';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { MarketingPageView } from '~/components/marketing-page';
import { pageSectionStyles } from '~/components/page-sections';
import { getMarketingPage } from '~/content/marketing-pages.server';
import { feedbackAction, feedbackPrefill } from '~/feedback/feedback.server';
import type { loader as rootLoader } from '~/root';
import { contentMeta, errorMeta, rootMetaData } from '~/utils/content-seo';
import { mailtoHref, telHref } from '~/utils/links';
import { useSiteForm } from '~/forms/use-site-form';
import pagesStyles from '~/styles/pages.css?inline';
import formsStyles from '~/styles/forms.css?inline';
import { notFound } from '~/utils/not-found.server';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = {
  styles: [pagesStyles, formsStyles],
  stylesFor: pageSectionStyles,
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) =>
  data ? contentMeta(rootMetaData(matches), data.page, '/contact') : errorMeta(error, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, prefill] = await Promise.all([
    getMarketingPage('contact', request),
    feedbackPrefill(request),
  ]);
  if (!page) notFound();
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
  // After a successful send the form starts again, empty but for the prefill.
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'feedback',
    schema: feedbackFormSchema,
    defaultValue: prefill,
  });
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (answer?.done) noticeRef.current?.focus();
  }, [answer]);
  return (
    <>
      {answer?.done ? (
        <p ref={noticeRef} className="form-notice" role="status" tabIndex={-1}>
          {messages.feedback.success}
        </p>
      ) : null}
      <Form method="post" className="form" aria-labelledby="feedback-title" {...formProps}>
        <FormAlert form={form} />
        <div className="form__row">
          <TextField field={fields.firstName} label={text.firstName} autoComplete="given-name" />
          <TextField field={fields.lastName} label={text.lastName} autoComplete="family-name" />
        </div>
        <div className="form__row">
          <TextField
            field={fields.email}
            label={text.emailField}
            type="email"
            autoComplete="email"
          />
          <TextField field={fields.phone} label={text.phoneField} type="tel" autoComplete="tel" />
        </div>
        <TextField field={fields.subject} label={text.subject} />
        <TextAreaField field={fields.message} label={text.message} rows={6} />
        <HoneypotField idPrefix="feedback" />
        <SubmitButton submitting={submitting} label={text.submit} />
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <ContentErrorBoundary />;
}
