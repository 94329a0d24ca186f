// The operator's command that grants or takes away the staff role of an account:
// `npm run staff -- grant <email>` / `npm run staff -- revoke <email>` (scripts/staff.mjs, which
// reaches this through the server build's entry module). The account must exist (sign up first);
// the role takes effect on the account's next request, since the staff pages ask the Accounts port
// on every request. Uses the accounts of this process's configuration and closes nothing: the
// script ends its own process.
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@business-chauffeur/booking-contract';
import { AccountsUnavailableError } from '~/accounts/accounts.server';
import { getAccounts } from '~/accounts/get-accounts.server';

export const STAFF_USAGE = 'Usage: npm run staff -- grant <email> | revoke <email>';

export interface StaffRoleResult {
  ok: boolean;
  message: string;
}

/** `grant` or `revoke` the staff role of the account with this email; never throws for a refusal. */
export async function setStaffRole(command: string, email: string): Promise<StaffRoleResult> {
  if (command !== 'grant' && command !== 'revoke') {
    return { ok: false, message: STAFF_USAGE };
  }
  const address = email.trim().toLowerCase();
  if (!address) return { ok: false, message: STAFF_USAGE };
  // The rule sign-up applies, so every account's address passes and nothing else does.
  if (address.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(address)) {
    return {
      ok: false,
      message: `"${address}" is not an email address: give the account's address alone, such as ana@example.com.`,
    };
  }
  const grant = command === 'grant';
  let account;
  try {
    account = await getAccounts().setStaff(address, grant);
  } catch (error) {
    if (!(error instanceof AccountsUnavailableError)) throw error;
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return {
      ok: false,
      message: `The staff access of ${address} was not changed: ${error.message}${cause} Try again once the accounts can be reached.`,
    };
  }
  if (!account) {
    return { ok: false, message: `No account has the email ${address}: sign up first at /signup.` };
  }
  return {
    ok: true,
    message: grant
      ? `Granted staff access to ${account.email}.`
      : `Revoked staff access from ${account.email}.`,
  };
}
