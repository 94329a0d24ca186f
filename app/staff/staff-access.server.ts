// Who may use the operations pages under /staff: a signed-in account that holds the staff role
// now (asked of the Accounts port on every request, so a revoked role ends at once) and signed in
// within the last 12 hours. Everyone else gets the site's plain 404, for pages and posts alike:
// nothing tells a visitor or a customer that the pages exist. A staff member whose sign-in is
// older is sent to sign in again. Posts are checked for this site's origin after that
// (app/forms/form-action.server.ts), so a foreign page cannot act with a staff session.
import { redirect } from '@remix-run/node';
import { AccountsUnavailableError } from '~/accounts/accounts.server';
import { getAccounts } from '~/accounts/get-accounts.server';
import { log } from '~/utils/log.server';
import { PRIVATE_PAGE_CACHE } from '~/utils/route-headers';
import { getSessionUser, signedInAt, type SessionUser } from '~/accounts/session.server';
import { notFound } from '~/utils/not-found.server';

/** How long a sign-in may be used for staff pages. */
export const STAFF_SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/** The staff member making the request; throws the 404, the sign-in redirect or a 503. */
export async function requireStaff(request: Request, now = Date.now()): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) notFound({ 'Cache-Control': PRIVATE_PAGE_CACHE });
  let staff: boolean;
  try {
    staff = await getAccounts().isStaff(user.id);
  } catch (error) {
    if (!(error instanceof AccountsUnavailableError)) throw error;
    log.error('The staff role could not be checked', { error });
    throw new Response('Service Unavailable', {
      status: 503,
      headers: { 'Cache-Control': PRIVATE_PAGE_CACHE, 'Retry-After': '5' },
    });
  }
  if (!staff) notFound({ 'Cache-Control': PRIVATE_PAGE_CACHE });
  const at = await signedInAt(request);
  if (at === null || now - at > STAFF_SESSION_MAX_AGE_MS) {
    throw redirect('/signin?resetFlag=false', { headers: { 'Cache-Control': PRIVATE_PAGE_CACHE } });
  }
  return user;
}

/**
 * Whether the signed-in account holds the staff role now, for the shell (the header's link to the
 * operations pages, their own layout): false for a visitor, a customer, and when the role cannot
 * be checked, so a page never fails for it. The pages themselves still ask requireStaff.
 */
export async function holdsStaffRole(user: Pick<SessionUser, 'id'> | null): Promise<boolean> {
  if (!user) return false;
  try {
    return await getAccounts().isStaff(user.id);
  } catch (error) {
    if (!(error instanceof AccountsUnavailableError)) throw error;
    log.error('The staff role could not be checked for the header', { error });
    return false;
  }
}
