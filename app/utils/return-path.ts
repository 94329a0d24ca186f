// Where sign-in sends the customer back to: the page they asked for before being sent to sign in
// (`/signin?returnTo=/account/bookings`). Only a path of this site is followed; anything that
// could leave it (another origin, `//host`, `/\host`, a scheme, control characters) is refused and
// sign-in goes home instead, so the parameter can never make the site an open redirect.

const MAX_LENGTH = 512;
/** A base only for parsing: a path that resolves to any other origin is not ours. */
const PARSE_BASE = 'http://return-path.invalid';
/** Pages that make no sense to come back to after signing in. */
const NEVER = ['/signin', '/signout', '/signup', '/reset-password'];

/** The same-site path to return to, or null when `value` is missing or not one. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  // A path, not a scheme or a host: one leading slash, then no second slash or backslash.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // Tabs and newlines are dropped by URL parsers ("/\t/evil.example" is "//evil.example").
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PARSE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PARSE_BASE) return null;
  if (NEVER.some((path) => url.pathname === path || url.pathname.startsWith(`${path}.`))) {
    return null;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page that comes back to `path` afterwards. */
export function signInPathFor(path: string): string {
  const back = safeReturnPath(path);
  return back && back !== '/'
    ? `/signin?resetFlag=false&returnTo=${encodeURIComponent(back)}`
    : '/signin?resetFlag=false';
}
