// What counts as a partner's origin, the same in the staff form (browser and action) and wherever
// origins are compared: an exact `https://` origin (scheme, host and port, no path), or `http://`
// for this machine only (localhost, 127.0.0.1, [::1]), where a partner's developer tries the
// widget out. A trailing slash is forgiven; anything else a URL may carry is refused, so what staff
// see in the list is exactly what a browser sends in its Origin header.

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The origin staff typed, normalised ("HTTPS://Hotel.example/" → "https://hotel.example"); null when it is not one. */
export function partnerOriginOf(text: string): string | null {
  const value = text.trim().replace(/\/$/, '');
  if (value.length === 0 || value.length > 200 || /\s/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash) return null;
  // Letters, digits, dots and hyphens (punycode for other scripts): no wildcard, no odd host.
  if (!/^[a-z0-9.-]+$/.test(url.hostname) && url.hostname !== '[::1]') return null;
  if (url.pathname !== '/' && url.pathname !== '') return null;
  // "https://hotel.example/" parses with the path "/"; "https://hotel.example/." does too.
  if (url.origin.toLowerCase() !== value.toLowerCase()) return null;
  if (url.protocol === 'https:') return url.origin;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url.origin;
  return null;
}

/** A partner's label as the widget's `partner` attribute allows it. */
export const PARTNER_LABEL_PATTERN = /^[a-z0-9][a-z0-9._-]{1,39}$/;

/** Commission as staff type it ("10", "7.5") in hundredths of a percent; null when not one. */
export function basisPointsOf(text: string): number | null {
  const match = /^(\d{1,2}|100)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points <= 10_000 ? points : null;
}

/** Hundredths of a percent as staff read it: 750 → "7.5%". */
export function percentText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}
