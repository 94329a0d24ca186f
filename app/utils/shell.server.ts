// What every page's shell needs: the site settings (name, phone, email, links), who is signed in,
// and the allow-listed public configuration.
import { ContentUnavailableError } from '~/content/content-source.server';
import { getSiteSettings } from '~/content/site-settings.server';
import { getPublicEnv } from './env.server';
import { getSessionUser } from './session.server';

export async function loadShell(request: Request) {
  try {
    const [settings, user] = await Promise.all([getSiteSettings(), getSessionUser(request)]);
    return {
      settings,
      user: user ? { firstName: user.firstName } : null,
      publicEnv: getPublicEnv(),
    };
  } catch (error) {
    if (error instanceof ContentUnavailableError) {
      throw new Response('Content unavailable', { status: 503, headers: { 'Retry-After': '30' } });
    }
    throw error;
  }
}
