// /contact (spec §2): the page's copy, the business's phone, email and (when staff have entered
// one) address from the site settings, and the Feedback & Complaints form. Saving the form is the
// route action's job (issue 6); this module lays it out with labelled fields.
import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import { FormField } from '~/components/form-field';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { MarketingPageView } from '~/components/marketing-page';
import { getMarketingPage } from '~/content/marketing-pages.server';
import type { loader as rootLoader } from '~/root';
import { contentMeta, notFoundMeta, rootMetaData } from '~/utils/content-seo';
import { mailtoHref, telHref } from '~/utils/links';
import pagesStyles from '~/styles/pages.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: pagesStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? contentMeta(rootMetaData(matches), data.page, '/contact')
    : notFoundMeta(messages.notFound.title);

export async function loader() {
  const page = await getMarketingPage('contact');
  if (!page) throw new Response('Not Found', { status: 404 });
  return { page };
}

export default function ContactPage() {
  const { page } = useLoaderData<typeof loader>();
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
          <Form method="post" className="form" aria-labelledby="feedback-title">
            <div className="form__row">
              <FormField
                idPrefix="feedback"
                name="firstName"
                label={text.firstName}
                autoComplete="given-name"
              />
              <FormField
                idPrefix="feedback"
                name="lastName"
                label={text.lastName}
                autoComplete="family-name"
              />
            </div>
            <div className="form__row">
              <FormField
                idPrefix="feedback"
                name="email"
                label={text.emailField}
                type="email"
                autoComplete="email"
              />
              <FormField
                idPrefix="feedback"
                name="phone"
                label={text.phoneField}
                type="tel"
                autoComplete="tel"
              />
            </div>
            <FormField idPrefix="feedback" name="subject" label={text.subject} />
            <div className="field">
              <label htmlFor="feedback-message">{text.message}</label>
              <textarea id="feedback-message" name="message" rows={6} />
            </div>
            <button type="submit" className="button button--accent button--large">
              {text.submit}
            </button>
          </Form>
        </section>
      </div>
    </MarketingPageView>
  );
}

export function ErrorBoundary() {
  return <ContentErrorBoundary />;
}
