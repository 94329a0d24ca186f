// /signup (spec §2 "/signup", §5, §8; decision 11): first and last name, email twice and a
// password with its rules. Success creates the account and its profile, signs the person in and
// goes to /signupSuccess; an address that already has an account shows both messages of spec §8.
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { messages, signUpFormSchema } from '@business-chauffeur/booking-contract';
import { signUpAction } from '~/accounts/account-forms.server';
import { FormField } from '~/components/form-field';
import { PasswordField } from '~/components/password-field';
import { rootMetaData } from '~/utils/content-seo';
import { pageMeta } from '~/utils/seo';
import { useFormValidation } from '~/utils/use-form-validation';
import pagesStyles from '~/styles/pages.css?inline';
import formsStyles from '~/styles/forms.css?inline';
import type { StylesHandle } from '~/utils/route-styles';
export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [pagesStyles, formsStyles] };

export const meta: MetaFunction = ({ matches }) => {
  const root = rootMetaData(matches);
  if (!root) return [];
  return pageMeta(
    { siteName: root.settings.name ?? '', siteUrl: root.publicEnv.SITE_URL },
    {
      title: messages.accountPages.signUpTitle,
      description: messages.accountPages.signUpDescription,
      path: '/signup',
    },
  );
};

export async function action({ request, context }: ActionFunctionArgs) {
  return signUpAction({ request, context });
}

export default function SignUp() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const text = messages.accountPages;
  const { errors, formProps } = useFormValidation({
    schema: signUpFormSchema,
    serverState: answer,
  });
  const submitting = navigation.state === 'submitting';
  const values = answer?.values ?? {};
  return (
    <div className="account-page container">
      <section className="form-card" aria-labelledby="signup-title">
        <h1 id="signup-title">{text.signUpTitle}</h1>
        <Form method="post" className="form" {...formProps}>
          {answer?.emailInUse ? (
            <div className="form-alert" role="alert" tabIndex={-1} data-focus-on-error>
              <p>{messages.accounts.emailInUse}</p>
              <p>{messages.accounts.emailInUseHelp}</p>
            </div>
          ) : answer?.formError ? (
            <div className="form-alert" role="alert" tabIndex={-1} data-focus-on-error>
              <p>{answer.formError}</p>
            </div>
          ) : null}
          <div className="form__row">
            <FormField
              idPrefix="signup"
              name="firstName"
              label={text.firstName}
              autoComplete="given-name"
              defaultValue={values.firstName}
              error={errors.firstName}
            />
            <FormField
              idPrefix="signup"
              name="lastName"
              label={text.lastName}
              autoComplete="family-name"
              defaultValue={values.lastName}
              error={errors.lastName}
            />
          </div>
          <FormField
            idPrefix="signup"
            name="email"
            label={text.email}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={values.email}
            error={errors.email}
          />
          <FormField
            idPrefix="signup"
            name="confirmEmail"
            label={text.confirmEmail}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={values.confirmEmail}
            error={errors.confirmEmail}
          />
          <PasswordField
            idPrefix="signup"
            name="password"
            label={text.password}
            autoComplete="new-password"
            hint={text.passwordHint}
            error={errors.password}
          />
          <button
            type="submit"
            className="button button--accent button--large"
            aria-disabled={submitting || undefined}
          >
            {submitting ? text.creatingAccount : text.signUpButton}
          </button>
          <p className="account-page__links">
            <span>
              {text.haveAccount} <Link to="/signin?resetFlag=false">{text.signInButton}</Link>
            </span>
            <Link to="/signin?resetFlag=true">{text.forgotPassword}</Link>
          </p>
        </Form>
      </section>
    </div>
  );
}
