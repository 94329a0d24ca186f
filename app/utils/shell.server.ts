// What every page's shell needs: the site settings (name, phone, email, links), the header's and
// footer's menus, who is signed in, whether staff are previewing drafts, and the allow-listed
// public configuration. The payment
// methods of the settings are narrowed to what the configured payment adapter takes, so the
// footer's "We accept" never shows a wallet the checkout does not offer.
import { ContentUnavailableError } from '~/content/content-source.server';
import { contentUnavailableResponse } from '~/content/content.server';
import { getNavigation } from '~/content/navigation.server';
import { getSiteSettings } from '~/content/site-settings.server';
import { acceptedPaymentMethods } from '~/payments/accepted-payment-methods';
import { getConfig, getPublicEnv } from './env.server';
import { isPreviewRequest } from './preview.server';
import { getSessionUser } from './session.server';

export async function loadShell(request: Request) {
  try {
    const [settings, navigation, user, preview] = await Promise.all([
      getSiteSettings(request),
      getNavigation(request),
      getSessionUser(request),
      isPreviewRequest(request),
    ]);
    return {
      settings: {
        ...settings,
        paymentMethods: acceptedPaymentMethods(
          settings.paymentMethods,
          getConfig().payments.adapter,
        ),
      },
      navigation,
      user: user ? { firstName: user.firstName } : null,
      preview,
      publicEnv: getPublicEnv(),
    };
  } catch (error) {
    if (error instanceof ContentUnavailableError) {
      throw contentUnavailableResponse();
    }
    throw error;
  }
}
