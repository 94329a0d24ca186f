// /signin: sign-in mode, or reset mode with ?resetFlag=true (email only, Reset;
// docs/decisions/009-accounts-and-site-forms.md). A reset request always comes back to sign-in mode with
// "Please check your email for the password reset link.", whatever the address.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  messages,
  resetRequestFormSchema,
  signInFormSchema,
} from '@business-chauffeur/booking-contract/site';
import type { StylesHandle } from '~/utils/route-styles';
import { signInAction } from '~/accounts/account-forms.server';
import { AccountCard } from '~/components/account-card';
import { EmailField, FormAlert, SubmitButton } from '~/components/form-field';
import { PasswordField } from '~/components/password-field';
import { rootMetaData } from '~/utils/content-seo';
import { pageMeta } from '~/utils/seo';
import { safeReturnPath } from '~/utils/return-path';
import { takeNotice } from '~/accounts/session.server';
import { useSiteForm } from '~/forms/use-site-form';
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
  const url = new URL(request.url);
  const resetMode = url.searchParams.get('resetFlag') === 'true';
  // The page to come back to after signing in: a path of this site only (return-path.ts).
  const returnTo = safeReturnPath(url.searchParams.get('returnTo'));
  const { notice, headers } = await takeNotice(request);
  return data(
    { resetMode, notice, returnTo },
    { headers: { ...headers, 'Cache-Control': 'no-store' } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signInAction({ request, context });
}

export default function SignIn() {
  const { resetMode, notice, returnTo } = useLoaderData<typeof loader>();
  return resetMode ? <ResetRequestForm /> : <SignInForm notice={notice} returnTo={returnTo} />;
}

function SignInForm({
  notice,
  returnTo,
}: {
  notice: 'reset-sent' | 'password-changed' | null;
  returnTo: string | null;
}) {
  const answered = useActionData<typeof action>() !== undefined;
  const text = messages.accountPages;
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'signin',
    schema: signInFormSchema,
  });
  return (
    <AccountCard id="signin-title" title={text.signInTitle}>
      {notice && !answered ? (
        <p className="form-notice" role="status">
          {notice === 'reset-sent'
            ? messages.accounts.resetSent
            : messages.accounts.passwordChanged}
        </p>
      ) : null}
      <Form
        method="post"
        // Kept in the address too, so a failed attempt still comes back to the page asked for.
        action={
          returnTo
            ? `/signin?resetFlag=false&returnTo=${encodeURIComponent(returnTo)}`
            : '/signin?resetFlag=false'
        }
        className="form"
        {...formProps}
      >
        <input type="hidden" name="intent" value="signin" />
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <FormAlert form={form} strong />
        <EmailField field={fields.email} label={text.email} />
        <PasswordField
          field={fields.password}
          label={text.password}
          autoComplete="current-password"
        />
        <p className="account-page__links">
          <Link to="/signin?resetFlag=true">{text.forgotPassword}</Link>
        </p>
        <SubmitButton
          submitting={submitting}
          label={text.signInButton}
          busyLabel={text.signingIn}
        />
        <p className="account-page__links">
          <span>
            {text.noAccount} <Link to="/signup">{text.signUp}</Link>
          </span>
        </p>
      </Form>
    </AccountCard>
  );
}

function ResetRequestForm() {
  const text = messages.accountPages;
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'reset',
    schema: resetRequestFormSchema,
  });
  return (
    <AccountCard id="reset-title" title={text.resetTitle}>
      <p className="account-page__intro">{text.resetIntro}</p>
      <Form method="post" action="/signin?resetFlag=true" className="form" {...formProps}>
        <input type="hidden" name="intent" value="reset" />
        <FormAlert form={form} />
        <EmailField field={fields.email} label={text.email} />
        <SubmitButton submitting={submitting} label={text.resetButton} busyLabel={text.sending} />
        <p className="account-page__links">
          <Link to="/signin?resetFlag=false">{text.backToSignIn}</Link>
          <Link to="/signup">{text.signUp}</Link>
        </p>
      </Form>
    </AccountCard>
  );
}
