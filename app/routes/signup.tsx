// /signup: first and last name, email twice and a password with its rules. Success creates the
// account and its profile, signs the person in and goes to /signupSuccess; an address that already
// has an account shows both of the catalogue's messages (docs/decisions/009-accounts-and-site-forms.md).
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link } from '@remix-run/react';
import { messages, signUpFormSchema } from '@business-chauffeur/booking-contract/site';
import { signUpAction } from '~/accounts/account-forms.server';
import { AccountCard } from '~/components/account-card';
import { EmailField, FormAlert, SubmitButton, TextField } from '~/components/form-field';
import { PasswordField } from '~/components/password-field';
import { rootMetaData } from '~/utils/content-seo';
import { pageMeta } from '~/utils/seo';
import { useSiteForm } from '~/forms/use-site-form';
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
  const text = messages.accountPages;
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'signup',
    schema: signUpFormSchema,
  });
  return (
    <AccountCard id="signup-title" title={text.signUpTitle}>
      <Form method="post" className="form" {...formProps}>
        <FormAlert form={form} />
        <div className="form__row">
          <TextField field={fields.firstName} label={text.firstName} autoComplete="given-name" />
          <TextField field={fields.lastName} label={text.lastName} autoComplete="family-name" />
        </div>
        <EmailField field={fields.email} label={text.email} />
        <EmailField field={fields.confirmEmail} label={text.confirmEmail} />
        <PasswordField
          field={fields.password}
          label={text.password}
          autoComplete="new-password"
          hint={text.passwordHint}
        />
        <SubmitButton
          submitting={submitting}
          label={text.signUpButton}
          busyLabel={text.creatingAccount}
        />
        <p className="account-page__links">
          <span>
            {text.haveAccount} <Link to="/signin?resetFlag=false">{text.signInButton}</Link>
          </span>
          <Link to="/signin?resetFlag=true">{text.forgotPassword}</Link>
        </p>
      </Form>
    </AccountCard>
  );
}
