// /chauffeur: the application to drive with us (spec §2, decision 10). `?type=contractor` (the
// JOIN AS A CONTRACTOR button) opens it in contractor mode. The city list is the service areas
// from the CMS. The form is laid out in labelled groups, validated with the shared schema on both
// sides, saved and sent to staff by the action (app/applications), and followed by a confirmation.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useMemo, useRef } from 'react';
import { createApplicationFormSchema, messages } from '@business-chauffeur/booking-contract';
import type { StylesHandle } from '~/utils/route-styles';
import { applicationAction } from '~/applications/applications.server';
import { FormField, SelectField, TextAreaField, fieldErrorId } from '~/components/form-field';
import { HoneypotField } from '~/components/honeypot-field';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { MarketingPageView } from '~/components/marketing-page';
import { getChauffeurCities, getMarketingPage } from '~/content/marketing-pages.server';
import { contentMeta, notFoundMeta, rootMetaData } from '~/utils/content-seo';
import { useFormValidation } from '~/utils/use-form-validation';
import pagesStyles from '~/styles/pages.css?inline';
import formsStyles from '~/styles/forms.css?inline';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [pagesStyles, formsStyles] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? contentMeta(rootMetaData(matches), data.page, '/chauffeur')
    : notFoundMeta(messages.notFound.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, cities] = await Promise.all([
    getMarketingPage('chauffeur', request),
    getChauffeurCities(request),
  ]);
  if (!page) throw new Response('Not Found', { status: 404 });
  const type = new URL(request.url).searchParams.get('type');
  return { page, cities, applicantType: type === 'contractor' ? 'contractor' : 'chauffeur' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return applicationAction({ request, context });
}

const ID = 'application';

export default function ChauffeurPage() {
  const { page, cities, applicantType } = useLoaderData<typeof loader>();
  const text = messages.chauffeurForm;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => createApplicationFormSchema({ cities }), [cities]);
  const { errors, formProps } = useFormValidation({
    schema,
    serverState: answer && !answer.sent ? answer : undefined,
  });
  const values: Record<string, string> = (answer && !answer.sent ? answer.values : null) ?? {};
  const chosenType = values.applicantType ?? applicantType;
  const submitting = navigation.state === 'submitting';
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (answer?.sent) confirmationRef.current?.focus();
  }, [answer]);
  if (answer?.sent) {
    return (
      <MarketingPageView page={page}>
        <div className="container">
          <section
            className="form-card form-card--wide form-success"
            aria-labelledby="application-title"
          >
            <h2 id="application-title" ref={confirmationRef} tabIndex={-1}>
              {messages.application.successTitle}
            </h2>
            <p role="status">{messages.application.success(answer.type)}</p>
            <Link to="/" className="button button--accent">
              {messages.notFound.home}
            </Link>
          </section>
        </div>
      </MarketingPageView>
    );
  }
  return (
    <MarketingPageView page={page}>
      <div className="container">
        <section className="form-card form-card--wide" aria-labelledby="application-title">
          <h2 id="application-title">{text.title}</h2>
          {/* Remounted when ?type changes, so the mode follows the link that was followed. */}
          <Form
            key={applicantType}
            method="post"
            className="form"
            aria-labelledby="application-title"
            {...formProps}
          >
            {answer && !answer.sent && answer.formError ? (
              <div className="form-alert" role="alert" tabIndex={-1} data-focus-on-error>
                <p>{answer.formError}</p>
              </div>
            ) : null}
            <fieldset className="form__group">
              <legend>{text.applyingAs}</legend>
              <div className="choice-list">
                <label className="choice">
                  <input
                    type="radio"
                    name="applicantType"
                    value="chauffeur"
                    defaultChecked={chosenType === 'chauffeur'}
                    data-focus-on-error={errors.applicantType ? true : undefined}
                    aria-describedby={
                      errors.applicantType ? fieldErrorId(`${ID}-applicantType`) : undefined
                    }
                  />
                  {text.chauffeur}
                </label>
                <label className="choice">
                  <input
                    type="radio"
                    name="applicantType"
                    value="contractor"
                    defaultChecked={chosenType === 'contractor'}
                    aria-describedby={
                      errors.applicantType ? fieldErrorId(`${ID}-applicantType`) : undefined
                    }
                  />
                  {text.contractor}
                </label>
              </div>
              {errors.applicantType ? (
                <p id={fieldErrorId(`${ID}-applicantType`)} className="field__error">
                  {errors.applicantType}
                </p>
              ) : null}
              <SelectField
                idPrefix={ID}
                name="city"
                defaultValue={values.city}
                error={errors.city}
                label={text.city}
                placeholder={text.cityPlaceholder}
                options={cities}
              />
            </fieldset>

            <fieldset className="form__group">
              <legend>{text.experience}</legend>
              <FormField
                idPrefix={ID}
                name="experienceYears"
                defaultValue={values.experienceYears}
                error={errors.experienceYears}
                label={text.experienceYears}
                type="number"
                inputMode="numeric"
                min={0}
                max={70}
              />
              <TextAreaField
                idPrefix={ID}
                name="experience"
                label={text.experienceText}
                rows={4}
                defaultValue={values.experience}
                error={errors.experience}
              />
            </fieldset>

            <fieldset className="form__group">
              <legend>{text.personal}</legend>
              <div className="form__row">
                <FormField
                  idPrefix={ID}
                  name="firstName"
                  defaultValue={values.firstName}
                  error={errors.firstName}
                  label={text.firstName}
                  autoComplete="given-name"
                />
                <FormField
                  idPrefix={ID}
                  name="lastName"
                  defaultValue={values.lastName}
                  error={errors.lastName}
                  label={text.lastName}
                  autoComplete="family-name"
                />
              </div>
              <FormField
                idPrefix={ID}
                name="dateOfBirth"
                defaultValue={values.dateOfBirth}
                error={errors.dateOfBirth}
                label={text.dateOfBirth}
                type="date"
                autoComplete="bday"
              />
            </fieldset>

            <fieldset className="form__group">
              <legend>{text.licence}</legend>
              <div className="form__row">
                <FormField
                  idPrefix={ID}
                  name="licenceNumber"
                  label={text.licenceNumber}
                  defaultValue={values.licenceNumber}
                  error={errors.licenceNumber}
                />
                <SelectField
                  idPrefix={ID}
                  name="licenceClass"
                  defaultValue={values.licenceClass}
                  error={errors.licenceClass}
                  label={text.licenceClass}
                  placeholder={text.statePlaceholder}
                  options={text.licenceClasses}
                />
              </div>
              <div className="form__row">
                <SelectField
                  idPrefix={ID}
                  name="licenceState"
                  defaultValue={values.licenceState}
                  error={errors.licenceState}
                  label={text.licenceState}
                  placeholder={text.statePlaceholder}
                  options={text.states}
                />
                <FormField
                  idPrefix={ID}
                  name="licenceExpiry"
                  defaultValue={values.licenceExpiry}
                  error={errors.licenceExpiry}
                  label={text.licenceExpiry}
                  type="date"
                />
              </div>
            </fieldset>

            <fieldset className="form__group">
              <legend>{text.authority}</legend>
              <div className="form__row">
                <FormField
                  idPrefix={ID}
                  name="authorityNumber"
                  label={text.authorityNumber}
                  defaultValue={values.authorityNumber}
                  error={errors.authorityNumber}
                />
                <FormField
                  idPrefix={ID}
                  name="authorityExpiry"
                  defaultValue={values.authorityExpiry}
                  error={errors.authorityExpiry}
                  label={text.authorityExpiry}
                  type="date"
                />
              </div>
            </fieldset>

            <fieldset className="form__group">
              <legend>{text.address}</legend>
              <FormField
                idPrefix={ID}
                name="street"
                defaultValue={values.street}
                error={errors.street}
                label={text.street}
                autoComplete="address-line1"
              />
              <div className="form__row form__row--three">
                <FormField
                  idPrefix={ID}
                  name="suburb"
                  defaultValue={values.suburb}
                  error={errors.suburb}
                  label={text.suburb}
                  autoComplete="address-level2"
                />
                <SelectField
                  idPrefix={ID}
                  name="state"
                  defaultValue={values.state}
                  error={errors.state}
                  label={text.state}
                  placeholder={text.statePlaceholder}
                  options={text.states}
                  autoComplete="address-level1"
                />
                <FormField
                  idPrefix={ID}
                  name="postcode"
                  defaultValue={values.postcode}
                  error={errors.postcode}
                  label={text.postcode}
                  inputMode="numeric"
                  autoComplete="postal-code"
                />
              </div>
            </fieldset>

            <fieldset className="form__group">
              <legend>{text.contactDetails}</legend>
              <div className="form__row">
                <FormField
                  idPrefix={ID}
                  name="email"
                  defaultValue={values.email}
                  error={errors.email}
                  label={text.email}
                  type="email"
                  autoComplete="email"
                />
                <FormField
                  idPrefix={ID}
                  name="mobile"
                  defaultValue={values.mobile}
                  error={errors.mobile}
                  label={text.mobile}
                  type="tel"
                  autoComplete="tel"
                />
              </div>
            </fieldset>

            <HoneypotField idPrefix={ID} />
            <button
              type="submit"
              className="button button--accent button--large"
              aria-disabled={submitting || undefined}
            >
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
