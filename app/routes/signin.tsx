// /signin (spec §2 "/signin", §4, §8; decision 7): sign-in mode, or reset mode with
// ?resetFlag=true (email only, Reset). A reset request always comes back to sign-in mode with
// "Please check your email for the password reset link.", whatever the address.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  messages,
  resetRequestFormSchema,
  signInFormSchema,
} from '@business-chauffeur/booking-contract';
import type { StylesHandle } from '~/utils/route-styles';
import { signInAction } from '~/accounts/account-forms.server';
import { FormField } from '~/components/form-field';
import { PasswordField } from '~/components/password-field';
import { rootMetaData } from '~/utils/content-seo';
import { pageMeta } from '~/utils/seo';
import { takeNotice } from '~/utils/session.server';
import { useFormValidation } from '~/utils/use-form-validation';
import pagesStyles from '~/styles/pages.css?inline';
import formsStyles from '~/styles/forms.css?inline';
export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [pagesStyles, formsStyles] };

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => {
  const root = rootMetaData(matches);
  if (!root) return [];
  const text = messages.accountPages;
  return pageMeta(
    { siteName: root.settings.name ?? '', siteUrl: root.publicEnv.SITE_URL },
    {
      title: page?.resetMode ? text.resetTitle : text.signInTitle,
      description: page?.resetMode ? text.resetIntro : text.signInDescription,
      path: '/signin',
      noIndex: page?.resetMode,
    },
  );
};

export async function loader({ request }: LoaderFunctionArgs) {
  const resetMode = new URL(request.url).searchParams.get('resetFlag') === 'true';
  const { notice, headers } = await takeNotice(request);
  return data({ resetMode, notice }, { headers: { ...headers, 'Cache-Control': 'no-store' } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signInAction({ request, context });
}

export default function SignIn() {
  const { resetMode, notice } = useLoaderData<typeof loader>();
  return resetMode ? <ResetRequestForm /> : <SignInForm notice={notice} />;
}

function SignInForm({ notice }: { notice: 'reset-sent' | 'password-changed' | null }) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const text = messages.accountPages;
  const { errors, formProps } = useFormValidation({
    schema: signInFormSchema,
    serverState: answer,
  });
  const submitting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'signin';
  return (
    <div className="account-page container">
      <section className="form-card" aria-labelledby="signin-title">
        <h1 id="signin-title">{text.signInTitle}</h1>
        {notice && !answer ? (
          <p className="form-notice" role="status">
            {notice === 'reset-sent'
              ? messages.accounts.resetSent
              : messages.accounts.passwordChanged}
          </p>
        ) : null}
        <Form method="post" action="/signin?resetFlag=false" className="form" {...formProps}>
          <input type="hidden" name="intent" value="signin" />
          {answer?.formError ? (
            <div
              className="form-alert form-alert--strong"
              role="alert"
              tabIndex={-1}
              data-focus-on-error
            >
              <p>{answer.formError}</p>
            </div>
          ) : null}
          <FormField
            idPrefix="signin"
            name="email"
            label={text.email}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={answer?.values?.email}
            error={errors.email}
          />
          <PasswordField
            idPrefix="signin"
            name="password"
            label={text.password}
            autoComplete="current-password"
            error={errors.password}
          />
          <p className="account-page__links">
            <Link to="/signin?resetFlag=true">{text.forgotPassword}</Link>
          </p>
          <button
            type="submit"
            className="button button--accent button--large"
            aria-disabled={submitting || undefined}
          >
            {submitting ? text.signingIn : text.signInButton}
          </button>
          <p className="account-page__links">
            <span>
              {text.noAccount} <Link to="/signup">{text.signUp}</Link>
            </span>
          </p>
        </Form>
      </section>
    </div>
  );
}

function ResetRequestForm() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const text = messages.accountPages;
  const { formProps } = useFormValidation({ schema: resetRequestFormSchema, serverState: answer });
  const submitting = navigation.state === 'submitting';
  return (
    <div className="account-page container">
      <section className="form-card" aria-labelledby="reset-title">
        <h1 id="reset-title">{text.resetTitle}</h1>
        <p className="account-page__intro">{text.resetIntro}</p>
        <Form method="post" action="/signin?resetFlag=true" className="form" {...formProps}>
          <input type="hidden" name="intent" value="reset" />
          {answer?.formError ? (
            <div className="form-alert" role="alert" tabIndex={-1} data-focus-on-error>
              <p>{answer.formError}</p>
            </div>
          ) : null}
          <FormField
            idPrefix="reset"
            name="email"
            label={text.email}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={answer?.values?.email}
          />
          <button
            type="submit"
            className="button button--accent button--large"
            aria-disabled={submitting || undefined}
          >
            {submitting ? text.sending : text.resetButton}
          </button>
          <p className="account-page__links">
            <Link to="/signin?resetFlag=false">{text.backToSignIn}</Link>
            <Link to="/signup">{text.signUp}</Link>
          </p>
        </Form>
      </section>
    </div>
  );
}
