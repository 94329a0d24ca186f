// /reset-password?mode=resetPassword&oobCode=…: the page the emailed reset link opens (the query is
// Firebase's, so the page also serves as the Firebase project's custom action URL). A new password
// with the sign-up rules, typed twice; the code works once, within an hour, and a reset ends every
// session of the account. Success goes to the sign-in page with a notice.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { messages, newPasswordFormSchema } from '@business-chauffeur/booking-contract/site';
import type { StylesHandle } from '~/utils/route-styles';
import { newPasswordAction, resetCodeUsable } from '~/accounts/account-forms.server';
import { AccountCard } from '~/components/account-card';
import { FormAlert, SubmitButton } from '~/components/form-field';
import { PasswordField } from '~/components/password-field';
import { rootMetaData } from '~/utils/content-seo';
import { pageMeta } from '~/utils/seo';
import { useSiteForm } from '~/forms/use-site-form';
import pagesStyles from '~/styles/pages.css?inline';
import formsStyles from '~/styles/forms.css?inline';
export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [pagesStyles, formsStyles] };

export const meta: MetaFunction = ({ matches }) => {
  const root = rootMetaData(matches);
  if (!root) return [];
  return [
    ...pageMeta(
      { siteName: root.settings.name ?? '', siteUrl: root.publicEnv.SITE_URL },
      {
        title: messages.accountPages.newPasswordTitle,
        description: messages.accountPages.newPasswordDescription,
        path: '/reset-password',
        noIndex: true,
      },
    ),
    // The code in the address must not leak to other sites through the Referer header. Not
    // `no-referrer`: that makes the browser post this page's form with `Origin: null`, which the
    // cross-site form check refuses, so the form would not work without JavaScript.
    { name: 'referrer', content: 'same-origin' },
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get('oobCode') ?? '';
  const usable = code.length > 0 && code.length <= 2048 && (await resetCodeUsable(code));
  return data(
    { code: usable ? code : '', usable },
    { headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return newPasswordAction({ request, context });
}

export default function ResetPassword() {
  const { code, usable } = useLoaderData<typeof loader>();
  const text = messages.accountPages;
  const { form, fields, formProps, submitting } = useSiteForm({
    id: 'new-password',
    schema: newPasswordFormSchema,
  });
  return (
    <AccountCard id="new-password-title" title={text.newPasswordTitle}>
      {usable ? (
        <Form method="post" className="form" {...formProps}>
          <input type="hidden" name="code" value={code} />
          <FormAlert form={form} extra={form.errors ? undefined : fields.code.errors} />
          <PasswordField
            field={fields.password}
            label={text.newPassword}
            autoComplete="new-password"
            hint={text.passwordHint}
          />
          <PasswordField
            field={fields.confirmPassword}
            label={text.confirmPassword}
            autoComplete="new-password"
          />
          <SubmitButton
            submitting={submitting}
            label={text.saveNewPassword}
            busyLabel={text.saving}
          />
          <p className="account-page__links">
            <Link to="/signin?resetFlag=true">{text.askForNewLink}</Link>
          </p>
        </Form>
      ) : (
        <div className="form">
          <div className="form-alert" role="alert">
            <p>{messages.accounts.resetLinkInvalid}</p>
          </div>
          <p>
            <Link to="/signin?resetFlag=true" className="button button--accent">
              {text.askForNewLink}
            </Link>
          </p>
        </div>
      )}
    </AccountCard>
  );
}
