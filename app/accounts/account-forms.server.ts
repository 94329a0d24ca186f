// What the /signin, /signup and /reset-password actions do with a posted form: the origin check,
// the shared schema, the rate limits, the Accounts port, the profile in the store and the session.
// Each returns a redirect on success, or the state the page shows (field messages, one form-level
// message, the values to put back in the fields; never a password).
import {
  messages,
  newPasswordFormSchema,
  normaliseEmail,
  parseForm,
  resetRequestFormSchema,
  signInFormSchema,
  signUpFormSchema,
  EMAIL_PATTERN,
} from '@business-chauffeur/booking-contract';
import { data, type AppLoadContext } from '@remix-run/node';
import { StoreUnavailableError } from '~/store/booking-store.server';
import { getBookingStore } from '~/store/store.server';
import { getConfig } from '~/utils/env.server';
import { isSameSiteFormPost } from '~/utils/form-origin.server';
import { log } from '~/utils/log.server';
import {
  clientAddressOf,
  createRateLimiter,
  reserveAll,
  type RateLimiter,
  type ReservedAll,
} from '~/utils/rate-limit.server';
import {
  createUserSession,
  endAllSessionsOf,
  redirectWithNotice,
  type SessionUser,
} from '~/utils/session.server';
import { AccountsUnavailableError, type Accounts, type AccountUser, type SignedIn } from './accounts.server';
import { getAccounts } from './get-accounts.server';

const m = messages.accounts;

/** Issue 6: at most 10 failed sign-ins (and 10 reset requests) per account and per address. */
export const ATTEMPT_LIMIT = 10;
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;

const limiters = {
  signInByAccount: createRateLimiter({
    name: 'sign-in-account',
    limit: ATTEMPT_LIMIT,
    windowMs: ATTEMPT_WINDOW_MS,
  }),
  signInByAddress: createRateLimiter({
    name: 'sign-in-address',
    limit: ATTEMPT_LIMIT,
    windowMs: ATTEMPT_WINDOW_MS,
  }),
  resetByAccount: createRateLimiter({
    name: 'reset-account',
    limit: ATTEMPT_LIMIT,
    windowMs: ATTEMPT_WINDOW_MS,
  }),
  resetByAddress: createRateLimiter({
    name: 'reset-address',
    limit: ATTEMPT_LIMIT,
    windowMs: ATTEMPT_WINDOW_MS,
  }),
  // Sign-up must say when an address is taken; limiting sign-ups per client address keeps that
  // from being used to test addresses in bulk.
  signUpByAddress: createRateLimiter({
    name: 'sign-up-address',
    limit: ATTEMPT_LIMIT,
    windowMs: ATTEMPT_WINDOW_MS,
  }),
};

/** Forgets every count (tests). */
export async function resetAccountLimits() {
  await Promise.all(Object.values(limiters).map((limiter) => limiter.reset()));
}

export interface AccountFormState {
  /** Field name → message. */
  errors?: Record<string, string>;
  /** One message for the whole form (wrong credentials, too many attempts, an outage). */
  formError?: string;
  /** Sign-up only: the address already has an account (spec §8 shows two messages). */
  emailInUse?: boolean;
  /** What was typed, to put back in the fields when the page is rendered without JavaScript. */
  values?: Record<string, string>;
}

interface ActionArgs {
  request: Request;
  context: AppLoadContext;
}

const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Reserves an attempt in each limiter, or null when the counts cannot be read: the attempt is then
 * refused as an outage, never let through unlimited.
 */
async function reserveAttempt(
  entries: readonly (readonly [RateLimiter, string])[],
): Promise<ReservedAll | null> {
  try {
    return await reserveAll(entries);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    log.error('The rate limits could not be checked', { error });
    return null;
  }
}

function refusedCrossSite() {
  return data<AccountFormState>({ formError: m.crossSiteRefused }, { status: 403 });
}

/** The values of a form without its passwords. */
function echo(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && !/password/i.test(entry[0]),
    ),
  );
}

async function formOf(request: Request) {
  const formData = await request.formData();
  return Object.fromEntries(
    [...formData.entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The session user of a sign-in: the account plus the profile's names. */
async function sessionUserOf(signedIn: SignedIn): Promise<SessionUser> {
  try {
    const profile = await getBookingStore().getUserProfile(signedIn.user.id);
    return {
      id: signedIn.user.id,
      email: signedIn.user.email,
      firstName: profile?.firstName ?? '',
      lastName: profile?.lastName ?? '',
    };
  } catch (error) {
    // The names only prefill forms; signing in does not depend on them.
    log.error('The profile could not be read at sign-in', { error });
    return { id: signedIn.user.id, email: signedIn.user.email, firstName: '', lastName: '' };
  }
}

/** /signin in sign-in mode. */
export async function signIn({ context }: ActionArgs, values: Record<string, string>) {
  const parsed = parseForm(signInFormSchema, values);
  if (!parsed.ok) {
    return data<AccountFormState>({ errors: parsed.errors, values: echo(values) }, { status: 400 });
  }
  const account = normaliseEmail(parsed.data.email);
  // The attempt is counted before the password is checked: a burst of concurrent guesses gets
  // ATTEMPT_LIMIT through, not all of them. A sign-in that succeeds gives its count back.
  const reserved = await reserveAttempt([
    [limiters.signInByAccount, account],
    [limiters.signInByAddress, clientAddressOf(context)],
  ]);
  if (!reserved) {
    return data<AccountFormState>(
      { formError: m.signInUnavailable, values: echo(values) },
      { status: 503 },
    );
  }
  if (!reserved.allowed) {
    return data<AccountFormState>(
      { formError: m.tooManySignIns(minutesOf(reserved.retryAfterSeconds)), values: echo(values) },
      { status: 429, headers: { 'Retry-After': String(reserved.retryAfterSeconds) } },
    );
  }
  let signedIn: SignedIn | null;
  try {
    signedIn = await getAccounts().signIn(parsed.data);
  } catch (error) {
    // An outage is not a wrong password: it does not count against the person.
    await reserved.release();
    if (!(error instanceof AccountsUnavailableError)) throw error;
    log.error('Sign-in failed', { error });
    return data<AccountFormState>(
      { formError: m.signInUnavailable, values: echo(values) },
      { status: 503 },
    );
  }
  if (!signedIn) {
    return data<AccountFormState>(
      { formError: m.invalidCredentials, values: echo(values) },
      { status: 401 },
    );
  }
  await reserved.release();
  try {
    return await createUserSession({
      user: await sessionUserOf(signedIn),
      auth: signedIn.session,
      redirectTo: '/',
    });
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    log.error('A session could not be started at sign-in', { error });
    return data<AccountFormState>(
      { formError: m.signInUnavailable, values: echo(values) },
      { status: 503 },
    );
  }
}

/** /signin in reset mode: the same answer whatever the address (decision 7). */
export async function requestReset(
  { request, context }: ActionArgs,
  values: Record<string, string>,
) {
  const parsed = parseForm(resetRequestFormSchema, values);
  const email = parsed.ok ? normaliseEmail(parsed.data.email) : '';
  const limited: [RateLimiter, string][] = [[limiters.resetByAddress, clientAddressOf(context)]];
  if (EMAIL_PATTERN.test(email)) limited.push([limiters.resetByAccount, email]);
  const reserved = await reserveAttempt(limited);
  if (!reserved) {
    return data<AccountFormState>(
      { formError: m.resetRequestUnavailable, values: echo(values) },
      { status: 503 },
    );
  }
  if (!reserved.allowed) {
    return data<AccountFormState>(
      { formError: m.tooManyResets(minutesOf(reserved.retryAfterSeconds)), values: echo(values) },
      { status: 429, headers: { 'Retry-After': String(reserved.retryAfterSeconds) } },
    );
  }
  const answer = await redirectWithNotice(request, '/signin?resetFlag=false', 'reset-sent');
  if (EMAIL_PATTERN.test(email)) {
    // Everything that depends on whether the address has an account (the lookup, making the link,
    // sending it) runs after the answer is made, in a later turn of the event loop: an address
    // with an account is then answered exactly like one without, and timing cannot tell them apart.
    setTimeout(() => {
      getAccounts()
        .requestPasswordReset({ email })
        .catch((error: unknown) => log.error('A password reset link could not be sent', { error }));
    }, 0);
  }
  return answer;
}

/** /signin: either mode, chosen by the form's `intent`. */
export async function signInAction(args: ActionArgs) {
  if (!isSameSiteFormPost(args.request, getConfig().siteUrl)) return refusedCrossSite();
  const values = await formOf(args.request);
  return values.intent === 'reset' ? requestReset(args, values) : signIn(args, values);
}

/**
 * A sign-up whose profile or session could not be saved: the account is removed again (an account
 * without them would be half made), so the person can simply try again.
 */
async function undoSignUp(accounts: Accounts, id: string, values: Record<string, string>) {
  await accounts
    .deleteAccount(id)
    .catch((undoError: unknown) =>
      log.error('A half-made account could not be removed', { error: undoError }),
    );
  return data<AccountFormState>(
    { formError: m.signUpUnavailable, values: echo(values) },
    { status: 503 },
  );
}

/** /signup: the account, then its profile, then the session; /signupSuccess on success. */
export async function signUpAction({ request, context }: ActionArgs) {
  if (!isSameSiteFormPost(request, getConfig().siteUrl)) return refusedCrossSite();
  const values = await formOf(request);
  const parsed = parseForm(signUpFormSchema, values);
  if (!parsed.ok) {
    return data<AccountFormState>({ errors: parsed.errors, values: echo(values) }, { status: 400 });
  }
  const limit = await reserveAttempt([[limiters.signUpByAddress, clientAddressOf(context)]]);
  if (!limit) {
    return data<AccountFormState>(
      { formError: m.signUpUnavailable, values: echo(values) },
      { status: 503 },
    );
  }
  if (!limit.allowed) {
    return data<AccountFormState>(
      { formError: m.tooManySignUps(minutesOf(limit.retryAfterSeconds)), values: echo(values) },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    );
  }
  const { firstName, lastName, email, password } = parsed.data;
  const accounts = getAccounts();
  let signedIn: SignedIn;
  try {
    const created = await accounts.createAccount({ email, password });
    if (!created.ok) {
      return data<AccountFormState>({ emailInUse: true, values: echo(values) }, { status: 409 });
    }
    signedIn = created.signedIn;
  } catch (error) {
    if (!(error instanceof AccountsUnavailableError)) throw error;
    log.error('Sign-up failed', { error });
    return data<AccountFormState>(
      { formError: m.signUpUnavailable, values: echo(values) },
      { status: 503 },
    );
  }
  const user: SessionUser = {
    id: signedIn.user.id,
    email: signedIn.user.email,
    firstName,
    lastName,
  };
  try {
    await getBookingStore().saveUserProfile({ ...user, createdAt: new Date().toISOString() });
  } catch (error) {
    log.error('The profile of a new account could not be saved', { error });
    return undoSignUp(accounts, signedIn.user.id, values);
  }
  try {
    return await createUserSession({ user, auth: signedIn.session, redirectTo: '/signupSuccess' });
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    log.error('The session of a new account could not be started', { error });
    return undoSignUp(accounts, signedIn.user.id, values);
  }
}

/** /reset-password: a new password with the code of the emailed link. */
export async function newPasswordAction({ request }: ActionArgs) {
  if (!isSameSiteFormPost(request, getConfig().siteUrl)) return refusedCrossSite();
  const values = await formOf(request);
  const parsed = parseForm(newPasswordFormSchema, values);
  if (!parsed.ok) {
    return data<AccountFormState>({ errors: parsed.errors, values: echo(values) }, { status: 400 });
  }
  let changed: AccountUser | null;
  try {
    changed = await getAccounts().resetPassword(parsed.data);
  } catch (error) {
    if (!(error instanceof AccountsUnavailableError)) throw error;
    log.error('A password reset failed', { error });
    return data<AccountFormState>({ formError: m.resetUnavailable }, { status: 503 });
  }
  if (!changed) {
    return data<AccountFormState>({ formError: m.resetLinkInvalid }, { status: 400 });
  }
  try {
    await endAllSessionsOf(changed.id);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    // The password is changed; the Accounts port's own check still ends the old sessions.
    log.error('The sessions of a reset account could not be ended', { error });
  }
  return redirectWithNotice(request, '/signin?resetFlag=false', 'password-changed');
}

/** Whether the code of a reset link can still be used (the page says so before anyone types). */
export async function resetCodeUsable(code: string): Promise<boolean> {
  try {
    return await getAccounts().checkResetCode(code);
  } catch (error) {
    if (!(error instanceof AccountsUnavailableError)) throw error;
    log.error('A reset link could not be checked', { error });
    // Let the person type a new password; the action checks the code again and says what failed.
    return true;
  }
}
