// /chauffeur: the application to drive with us (spec §2, decision 10). `?type=contractor` (the
// JOIN AS A CONTRACTOR button) opens it in contractor mode. The city list is the service areas
// from the CMS. Saving and validating applications is the route action's job (issue 6); this
// module lays the form out in labelled groups.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import { FormField, SelectField } from '~/components/form-field';
import { ContentErrorBoundary } from '~/components/content-error-boundary';
import { MarketingPageView } from '~/components/marketing-page';
import { getChauffeurCities, getMarketingPage } from '~/content/marketing-pages.server';
import { contentMeta, notFoundMeta, rootMetaData } from '~/utils/content-seo';
import pagesStyles from '~/styles/pages.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: pagesStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? contentMeta(rootMetaData(matches), data.page, '/chauffeur')
    : notFoundMeta(messages.notFound.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, cities] = await Promise.all([getMarketingPage('chauffeur'), getChauffeurCities()]);
  if (!page) throw new Response('Not Found', { status: 404 });
  const type = new URL(request.url).searchParams.get('type');
  return { page, cities, applicantType: type === 'contractor' ? 'contractor' : 'chauffeur' };
}

const ID = 'application';

export default function ChauffeurPage() {
  const { page, cities, applicantType } = useLoaderData<typeof loader>();
  const text = messages.chauffeurForm;
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
          >
            <fieldset className="form__group">
              <legend>{text.applyingAs}</legend>
              <div className="choice-list">
                <label className="choice">
                  <input
                    type="radio"
                    name="applicantType"
                    value="chauffeur"
                    defaultChecked={applicantType === 'chauffeur'}
                  />
                  {text.chauffeur}
                </label>
                <label className="choice">
                  <input
                    type="radio"
                    name="applicantType"
                    value="contractor"
                    defaultChecked={applicantType === 'contractor'}
                  />
                  {text.contractor}
                </label>
              </div>
              <SelectField
                idPrefix={ID}
                name="city"
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
                label={text.experienceYears}
                type="number"
                inputMode="numeric"
                min={0}
                max={70}
              />
              <div className="field">
                <label htmlFor={`${ID}-experience`}>{text.experienceText}</label>
                <textarea id={`${ID}-experience`} name="experience" rows={4} />
              </div>
            </fieldset>

            <fieldset className="form__group">
              <legend>{text.personal}</legend>
              <div className="form__row">
                <FormField
                  idPrefix={ID}
                  name="firstName"
                  label={text.firstName}
                  autoComplete="given-name"
                />
                <FormField
                  idPrefix={ID}
                  name="lastName"
                  label={text.lastName}
                  autoComplete="family-name"
                />
              </div>
              <FormField
                idPrefix={ID}
                name="dateOfBirth"
                label={text.dateOfBirth}
                type="date"
                autoComplete="bday"
              />
            </fieldset>

            <fieldset className="form__group">
              <legend>{text.licence}</legend>
              <div className="form__row">
                <FormField idPrefix={ID} name="licenceNumber" label={text.licenceNumber} />
                <SelectField
                  idPrefix={ID}
                  name="licenceClass"
                  label={text.licenceClass}
                  placeholder={text.statePlaceholder}
                  options={text.licenceClasses}
                />
              </div>
              <div className="form__row">
                <SelectField
                  idPrefix={ID}
                  name="licenceState"
                  label={text.licenceState}
                  placeholder={text.statePlaceholder}
                  options={text.states}
                />
                <FormField
                  idPrefix={ID}
                  name="licenceExpiry"
                  label={text.licenceExpiry}
                  type="date"
                />
              </div>
            </fieldset>

            <fieldset className="form__group">
              <legend>{text.authority}</legend>
              <div className="form__row">
                <FormField idPrefix={ID} name="authorityNumber" label={text.authorityNumber} />
                <FormField
                  idPrefix={ID}
                  name="authorityExpiry"
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
                label={text.street}
                autoComplete="address-line1"
              />
              <div className="form__row form__row--three">
                <FormField
                  idPrefix={ID}
                  name="suburb"
                  label={text.suburb}
                  autoComplete="address-level2"
                />
                <SelectField
                  idPrefix={ID}
                  name="state"
                  label={text.state}
                  placeholder={text.statePlaceholder}
                  options={text.states}
                  autoComplete="address-level1"
                />
                <FormField
                  idPrefix={ID}
                  name="postcode"
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
                  label={text.email}
                  type="email"
                  autoComplete="email"
                />
                <FormField
                  idPrefix={ID}
                  name="mobile"
                  label={text.mobile}
                  type="tel"
                  autoComplete="tel"
                />
              </div>
            </fieldset>

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
