// Device cookies (docs/decisions/045-device-cookies-against-lock-out.md): a browser that has signed
// in to an account before, or has set its password through an emailed reset link, holds a signed
// cookie naming that account, and its sign-ins to that account are counted per device instead of
// against the account as a whole. So strangers who guess at an address lock out only strangers:
// the account-wide lock-out (ATTEMPT_LIMIT failures in ATTEMPT_WINDOW_MS from anywhere) still
// stops a guesser, and the owner's browser still gets in. A device's own failures are limited
// just as strictly, so a stolen cookie buys a guesser nothing more than one more device.
//
// The cookie is signed with SESSION_SECRET (Remix's signed cookies, HMAC-SHA256), HttpOnly and
// SameSite=Lax. Each entry names its account by a keyed hash of the address (never the address
// itself), carries a random id (the key of that device's count) and its own expiry, checked here
// whatever the browser keeps. One browser keeps entries for its last few accounts. It is sent only
// with sign-in posts: a cookie on every request would make every page a returning customer opens
// private and uncached (cache-control.server.ts, server/page-cache.ts).
import { createHmac, randomBytes } from 'node:crypto';
import { createCookie, type Cookie } from '@remix-run/node';
import { normaliseEmail } from '@business-chauffeur/booking-contract/site';
import { getConfig } from '~/utils/env.server';

export const DEVICE_COOKIE_NAME = '__device';
/** How long a browser stays trusted for an account after its last sign-in there. */
export const DEVICE_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** Accounts one browser is trusted for (a household, a shared desk); the oldest go first. */
export const DEVICE_MAX_ACCOUNTS = 5;
/** Where sign-ins are posted: the page without JavaScript, and its single-fetch address with it. */
export const DEVICE_COOKIE_PATHS = ['/signin', '/signin.data'] as const;

interface DeviceEntry {
  /** The account: a keyed hash of its normalised email address. */
  a: string;
  /** This device's random id for the account: the key its failed sign-ins are counted under. */
  d: string;
  /** Expiry, ms since the epoch. */
  x: number;
}

let cookie: Cookie | undefined;

function deviceCookie(): Cookie {
  if (!cookie) {
    const config = getConfig();
    cookie = createCookie(DEVICE_COOKIE_NAME, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.isProduction && config.siteUrl.startsWith('https://'),
      path: DEVICE_COOKIE_PATHS[0],
      secrets: [config.sessionSecret],
      maxAge: DEVICE_TTL_MS / 1000,
    });
  }
  return cookie;
}

/** The account an entry names, as a keyed hash: the cookie never shows the address. */
function accountTag(email: string): string {
  return createHmac('sha256', getConfig().sessionSecret)
    .update(`device-cookie:${normaliseEmail(email)}`)
    .digest('base64url')
    .slice(0, 32);
}

function isEntry(value: unknown): value is DeviceEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.a === 'string' && typeof entry.d === 'string' && typeof entry.x === 'number';
}

/** The unexpired entries of a request's device cookie; none when it is missing or not ours. */
async function entriesOf(request: Request, now: number): Promise<DeviceEntry[]> {
  let value: unknown;
  try {
    value = await deviceCookie().parse(request.headers.get('Cookie'));
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(isEntry).filter((entry) => entry.x > now);
}

/**
 * The id of this browser for the account of `email` when its device cookie names that account and
 * has not expired; null otherwise (no cookie, another account's, forged, expired).
 */
export async function trustedDeviceOf(
  request: Request,
  email: string,
  now = Date.now(),
): Promise<string | null> {
  const tag = accountTag(email);
  const entry = (await entriesOf(request, now)).find((candidate) => candidate.a === tag);
  return entry?.d ?? null;
}

/**
 * The Set-Cookie headers (one per sign-in path) that trust this browser for the account of `email`
 * from now on, after a sign-in with its password or a new password set through its reset link: a
 * fresh entry with a new id and expiry, beside the browser's other accounts.
 */
export async function trustDevice(
  request: Request,
  email: string,
  now = Date.now(),
): Promise<string[]> {
  const tag = accountTag(email);
  const others = (await entriesOf(request, now)).filter((entry) => entry.a !== tag);
  const fresh: DeviceEntry = {
    a: tag,
    d: randomBytes(16).toString('base64url'),
    x: now + DEVICE_TTL_MS,
  };
  const entries = [fresh, ...others].slice(0, DEVICE_MAX_ACCOUNTS);
  return Promise.all(
    DEVICE_COOKIE_PATHS.map((path) => deviceCookie().serialize(entries, { path })),
  );
}
