// What the /signin, /signup and /reset-password actions do with a posted form: the steps of the
// site's form pipeline (app/forms: origin check, bounded read, the contract's schema, the rate
// limits), then the Accounts port, the profile in the store and the session. Each returns a
// redirect on success, or Conform's result for the page (field messages, form messages, the
// values to put back in the fields; never a password).
import { EMAIL_PATTERN } from '@business-chauffeur/booking-contract';
import {
  messages,
  newPasswordFormSchema,
  normaliseEmail,
  resetRequestFormSchema,
  signInFormSchema,
  signUpFormSchema,
} from '@business-chauffeur/booking-contract/site';
import {
  limitForm,
  minutesOf,
  parseForm,
  receiveForm,
  type FormActionArgs,
} from '~/forms/form-action.server';
import { safeReturnPath } from '~/utils/return-path';
import { getUserStore } from '~/store/store.server';
import { StoreUnavailableError } from '~/store/store-errors.server';
import { log } from '~/utils/log.server';
import { clientAddressOf, createRateLimiter, type RateLimiter } from '~/limits/rate-limit.server';
import {
  createUserSession,
  endAllSessionsOf,
  redirectWithNotice,
  type SessionUser,
} from '~/accounts/session.server';
import {
  AccountsUnavailableError,
  type Accounts,
  type AccountUser,
  type SignedIn,
} from './accounts.server';
import { trustDevice, trustedDeviceOf } from './device-cookie.server';
import { getAccounts } from './get-accounts.server';

const m = messages.accounts;

/**
 * At most 10 failed sign-ins (and 10 reset requests) per account and per address; a browser the
 * account trusts (device-cookie.server.ts) has 10 of its own instead.
 */
export const ATTEMPT_LIMIT = 10;
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;

const limiters = {
  // Sign-ins from browsers the account does not trust: the account-wide lock-out.
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
  // Sign-ins from a browser the account trusts, per device and account.
  signInByDevice: createRateLimiter({
    name: 'sign-in-device',
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

/** Passwords are never sent back to the page. */
const PASSWORDS = { hideFields: ['password', 'confirmPassword'] };

/** The session user of a sign-in: the account plus the profile's names. */
async function sessionUserOf(signedIn: SignedIn): Promise<SessionUser> {
  try {
    const profile = await getUserStore().getUserProfile(signedIn.user.id);
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

/**
 * The counts a sign-in to `email` is made against: per device when this browser is trusted by the
 * account (its device cookie), else per account and per client address. Strangers' failures
 * thus lock out strangers only (docs/decisions/045-device-cookies-against-lock-out.md).
 */
async function signInLimits(
  { request, context }: FormActionArgs,
  email: string,
): Promise<[RateLimiter, string][]> {
  const device = await trustedDeviceOf(request, email);
  if (device) return [[limiters.signInByDevice, device]];
  return [
    [limiters.signInByAccount, email],
    [limiters.signInByAddress, clientAddressOf(context)],
  ];
}

/** A redirect that signs in, which from now on also trusts this browser for the account. */
async function trustingDevice(request: Request, email: string, answer: Response) {
  for (const cookie of await trustDevice(request, email)) {
    answer.headers.append('Set-Cookie', cookie);
  }
  return answer;
}

/** /signin in sign-in mode. */
async function signIn(args: FormActionArgs, formData: FormData) {
  const form = parseForm(formData, signInFormSchema, PASSWORDS);
  if (!form.ok) return form.answer;
  const email = normaliseEmail(form.value.email);
  const unavailable = { formErrors: [m.signInUnavailable], status: 503 };
  // The attempt is counted before the password is checked: a burst of concurrent guesses gets
  // ATTEMPT_LIMIT through, not all of them. A sign-in that succeeds gives its count back.
  const reserved = await limitForm(form.reply, await signInLimits(args, email), {
    unavailable: () => m.signInUnavailable,
    tooMany: (seconds) => m.tooManySignIns(minutesOf(seconds)),
  });
  if (!reserved.ok) return reserved.answer;
  let signedIn: SignedIn | null;
  try {
    signedIn = await getAccounts().signIn(form.value);
  } catch (error) {
    // An outage is not a wrong password: it does not count against the person.
    await reserved.release();
    if (!(error instanceof AccountsUnavailableError)) throw error;
    log.error('Sign-in failed', { error });
    return form.reply(unavailable);
  }
  if (!signedIn) return form.reply({ formErrors: [m.invalidCredentials], status: 401 });
  await reserved.release();
  try {
    const session = await createUserSession({
      user: await sessionUserOf(signedIn),
      auth: signedIn.session,
      // Back to the page that sent them here, when it is one of ours; else home.
      redirectTo: safeReturnPath(formData.get('returnTo')) ?? '/',
    });
    return await trustingDevice(args.request, email, session);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    log.error('A session could not be started at sign-in', { error });
    return form.reply(unavailable);
  }
}

/**
 * /signin in reset mode: the same answer whatever the address
 * (docs/decisions/009-accounts-and-site-forms.md).
 */
async function requestReset({ request, context }: FormActionArgs, formData: FormData) {
  const form = parseForm(formData, resetRequestFormSchema);
  if (!form.ok) return form.answer;
  const email = normaliseEmail(form.value.email);
  const limited: [RateLimiter, string][] = [[limiters.resetByAddress, clientAddressOf(context)]];
  if (EMAIL_PATTERN.test(email)) limited.push([limiters.resetByAccount, email]);
  const reserved = await limitForm(form.reply, limited, {
    unavailable: () => m.resetRequestUnavailable,
    tooMany: (seconds) => m.tooManyResets(minutesOf(seconds)),
  });
  if (!reserved.ok) return reserved.answer;
  const answer = await redirectWithNotice(request, '/signin?resetFlag=false', 'reset-sent');
  if (EMAIL_PATTERN.test(email)) {
    // Everything that depends on whether the address has an account (the lookup, making the link,
    // sending it) runs after the answer is made, in a later turn of the event loop: an address
    // with an account is then answered exactly like one without, and timing cannot tell them apart.
    setTimeout(() => void sendResetLinkFor(email), 0);
  }
  return answer;
}

/** Tries after a busy store or a failed send: the second after a second, the third after four. */
const RESET_SEND_DELAYS_MS = [1000, 4000];

/**
 * Makes and sends a reset link. The person has already been told to check their email, so a store
 * that is busy for a moment or a mail server that fails once is tried again, a bounded number of
 * times (a link made by a failed try is never sent, and expires unused).
 */
async function sendResetLinkFor(email: string, delays = RESET_SEND_DELAYS_MS) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await getAccounts().requestPasswordReset({ email });
      return;
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) {
        log.error('A password reset link could not be sent', { error, attempts: attempt + 1 });
        return;
      }
      log.warn('A password reset link could not be sent; trying again', { error });
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** /signin: either mode, chosen by the form's `intent`. */
export async function signInAction(args: FormActionArgs) {
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  const { formData } = received;
  return formData.get('intent') === 'reset' ? requestReset(args, formData) : signIn(args, formData);
}

/**
 * A sign-up whose profile or session could not be saved: the account is removed again (an account
 * without them would be half made), so the person can simply try again.
 */
async function undoSignUp(accounts: Accounts, id: string) {
  await accounts
    .deleteAccount(id)
    .catch((undoError: unknown) =>
      log.error('A half-made account could not be removed', { error: undoError }),
    );
}

/** /signup: the account, then its profile, then the session; /signupSuccess on success. */
export async function signUpAction(args: FormActionArgs) {
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  const form = parseForm(received.formData, signUpFormSchema, PASSWORDS);
  if (!form.ok) return form.answer;
  const unavailable = { formErrors: [m.signUpUnavailable], status: 503 };
  const limit = await limitForm(
    form.reply,
    [[limiters.signUpByAddress, clientAddressOf(args.context)]],
    {
      unavailable: () => m.signUpUnavailable,
      tooMany: (seconds) => m.tooManySignUps(minutesOf(seconds)),
    },
  );
  if (!limit.ok) return limit.answer;
  const { firstName, lastName, email, password } = form.value;
  const accounts = getAccounts();
  let signedIn: SignedIn;
  try {
    const created = await accounts.createAccount({ email, password });
    if (!created.ok) {
      return form.reply({ formErrors: [m.emailInUse, m.emailInUseHelp], status: 409 });
    }
    signedIn = created.signedIn;
  } catch (error) {
    if (!(error instanceof AccountsUnavailableError)) throw error;
    log.error('Sign-up failed', { error });
    return form.reply(unavailable);
  }
  const user: SessionUser = {
    id: signedIn.user.id,
    email: signedIn.user.email,
    firstName,
    lastName,
  };
  try {
    await getUserStore().saveUserProfile({ ...user, createdAt: new Date().toISOString() });
  } catch (error) {
    log.error('The profile of a new account could not be saved', { error });
    await undoSignUp(accounts, signedIn.user.id);
    return form.reply(unavailable);
  }
  try {
    const session = await createUserSession({
      user,
      auth: signedIn.session,
      redirectTo: '/signupSuccess',
    });
    return await trustingDevice(args.request, signedIn.user.email, session);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    log.error('The session of a new account could not be started', { error });
    await undoSignUp(accounts, signedIn.user.id);
    return form.reply(unavailable);
  }
}

/** /reset-password: a new password with the code of the emailed link. */
export async function newPasswordAction(args: FormActionArgs) {
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  const form = parseForm(received.formData, newPasswordFormSchema, PASSWORDS);
  if (!form.ok) return form.answer;
  let changed: AccountUser | null;
  try {
    changed = await getAccounts().resetPassword(form.value);
  } catch (error) {
    if (!(error instanceof AccountsUnavailableError)) throw error;
    log.error('A password reset failed', { error });
    return form.reply({ formErrors: [m.resetUnavailable], status: 503 });
  }
  if (!changed) return form.reply({ formErrors: [m.resetLinkInvalid], status: 400 });
  try {
    await endAllSessionsOf(changed.id);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    // The password is changed; the Accounts port's own check still ends the old sessions.
    log.error('The sessions of a reset account could not be ended', { error });
  }
  // The reset link proved this browser's person owns the address: the next sign-in gets through
  // even while strangers' guesses keep the account locked for everyone else.
  return trustingDevice(
    args.request,
    changed.email,
    await redirectWithNotice(args.request, '/signin?resetFlag=false', 'password-changed'),
  );
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
