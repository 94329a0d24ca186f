// /chauffeur: the application to drive with us. `?type=contractor` (the JOIN AS A CONTRACTOR
// button) opens it in contractor mode. The city list is the service areas from the CMS. The form
// is laid out in labelled groups, validated with the contract's typed schema on both sides
// (app/forms), saved and sent to staff by the action (app/applications), and followed by a
// confirmation.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useMemo, useRef } from 'react';
import {
  createApplicationFormSchema,
  EXPERIENCE_YEARS_MAX,
  messages,
  type ApplicantType,
} from '@business-chauffeur/booking-contract/site';
import type { StylesHandle } from '~/utils/route-styles';
import { applicationAction } from '~/applications/applications.server';
import {
  FormAlert,
  RadioField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '~/components/form-field';
import { HoneypotField } from '~/components/honeypot-field';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { MarketingPageView } from '~/components/marketing-page';
import { pageSectionStyles } from '~/components/page-sections';
import { getChauffeurCities, getMarketingPage } from '~/content/marketing-pages.server';
import { contentMeta, errorMeta, rootMetaData } from '~/utils/content-seo';
import { useSiteForm } from '~/forms/use-site-form';
import pagesStyles from '~/styles/pages.css?inline';
import formsStyles from '~/styles/forms.css?inline';
import { cleanStega } from '~/utils/stega';
import { notFound } from '~/utils/not-found.server';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = {
  styles: [pagesStyles, formsStyles],
  stylesFor: pageSectionStyles,
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) =>
  data ? contentMeta(rootMetaData(matches), data.page, '/chauffeur') : errorMeta(error, matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, cities] = await Promise.all([
    getMarketingPage('chauffeur', request),
    getChauffeurCities(request),
  ]);
  if (!page) notFound();
  const type = new URL(request.url).searchParams.get('type');
  const applicantType: ApplicantType = type === 'contractor' ? 'contractor' : 'chauffeur';
  // The cities are the select's values, posted back and checked: clean in draft mode too.
  return { page, cities: cleanStega(cities), applicantType };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return applicationAction({ request, context });
}

export default function ChauffeurPage() {
  const { page, cities, applicantType } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (answer?.done) confirmationRef.current?.focus();
  }, [answer]);
  return (
    <MarketingPageView page={page}>
      <div className="container">
        {answer?.done ? (
          <section
            className="form-card form-card--wide form-success"
            aria-labelledby="application-title"
          >
            <h2 id="application-title" ref={confirmationRef} tabIndex={-1}>
              {messages.application.successTitle}
            </h2>
            <p role="status">{messages.application.success(answer.done)}</p>
            <Link to="/" className="button button--accent">
              {messages.notFound.home}
            </Link>
          </section>
        ) : (
          <section className="form-card form-card--wide" aria-labelledby="application-title">
            <h2 id="application-title">{messages.chauffeurForm.title}</h2>
            {/* Remounted when ?type changes, so the mode follows the link that was followed. */}
            <ApplicationForm key={applicantType} cities={cities} applicantType={applicantType} />
          </section>
        )}
      </div>
    </MarketingPageView>
  );
}

function ApplicationForm({
  cities,
  applicantType,
}: {
  cities: string[];
  applicantType: ApplicantType;
}) {
  const text = messages.chauffeurForm;
  const schema = useMemo(() => createApplicationFormSchema({ cities }), [cities]);
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'application',
    schema,
    defaultValue: { applicantType },
  });
  return (
    <Form method="post" className="form" aria-labelledby="application-title" {...formProps}>
      <FormAlert form={form} />
      <fieldset className="form__group">
        <legend>{text.applyingAs}</legend>
        <RadioField
          field={fields.applicantType}
          options={[
            { value: 'chauffeur', label: text.chauffeur },
            { value: 'contractor', label: text.contractor },
          ]}
        />
        <SelectField
          field={fields.city}
          label={text.city}
          placeholder={text.cityPlaceholder}
          options={cities}
        />
      </fieldset>

      <fieldset className="form__group">
        <legend>{text.experience}</legend>
        <TextField
          field={fields.experienceYears}
          label={text.experienceYears}
          type="number"
          inputMode="numeric"
          min={0}
          max={EXPERIENCE_YEARS_MAX}
        />
        <TextAreaField field={fields.experience} label={text.experienceText} rows={4} />
      </fieldset>

      <fieldset className="form__group">
        <legend>{text.personal}</legend>
        <div className="form__row">
          <TextField field={fields.firstName} label={text.firstName} autoComplete="given-name" />
          <TextField field={fields.lastName} label={text.lastName} autoComplete="family-name" />
        </div>
        <TextField
          field={fields.dateOfBirth}
          label={text.dateOfBirth}
          type="date"
          autoComplete="bday"
        />
      </fieldset>

      <fieldset className="form__group">
        <legend>{text.licence}</legend>
        <div className="form__row">
          <TextField field={fields.licenceNumber} label={text.licenceNumber} />
          <SelectField
            field={fields.licenceClass}
            label={text.licenceClass}
            placeholder={text.statePlaceholder}
            options={text.licenceClasses}
          />
        </div>
        <div className="form__row">
          <SelectField
            field={fields.licenceState}
            label={text.licenceState}
            placeholder={text.statePlaceholder}
            options={text.states}
          />
          <TextField field={fields.licenceExpiry} label={text.licenceExpiry} type="date" />
        </div>
      </fieldset>

      <fieldset className="form__group">
        <legend>{text.authority}</legend>
        <div className="form__row">
          <TextField field={fields.authorityNumber} label={text.authorityNumber} />
          <TextField field={fields.authorityExpiry} label={text.authorityExpiry} type="date" />
        </div>
      </fieldset>

      <fieldset className="form__group">
        <legend>{text.address}</legend>
        <TextField field={fields.street} label={text.street} autoComplete="address-line1" />
        <div className="form__row form__row--three">
          <TextField field={fields.suburb} label={text.suburb} autoComplete="address-level2" />
          <SelectField
            field={fields.state}
            label={text.state}
            placeholder={text.statePlaceholder}
            options={text.states}
            autoComplete="address-level1"
          />
          <TextField
            field={fields.postcode}
            label={text.postcode}
            inputMode="numeric"
            autoComplete="postal-code"
          />
        </div>
      </fieldset>

      <fieldset className="form__group">
        <legend>{text.contactDetails}</legend>
        <div className="form__row">
          <TextField field={fields.email} label={text.email} type="email" autoComplete="email" />
          <TextField field={fields.mobile} label={text.mobile} type="tel" autoComplete="tel" />
        </div>
      </fieldset>

      <HoneypotField idPrefix="application" />
      <SubmitButton submitting={submitting} label={text.submit} />
    </Form>
  );
}

export function ErrorBoundary() {
  return <ContentErrorBoundary />;
}
