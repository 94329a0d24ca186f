/**
 * A fresh token for one address search (from the first key to the chosen suggestion): Google bills
 * a session's suggestions and its place lookup together when they share one.
 */
export function newSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
