// Shared by the accounts, feedback, applications and no-JavaScript browser tests: unique people, a client address
// of their own for each test (the server believes X-Forwarded-For from loopback, as from a proxy,
// so rate limits per address never mix tests), the mail outbox of the e2e server, and sign-up.
import { randomBytes, randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The e2e server's DATA_DIR (playwright.config.ts passes the same value). */
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e');
export const OUTBOX_DIR = path.join(E2E_DATA_DIR, 'outbox');
export const STORE_FILE = path.join(E2E_DATA_DIR, 'store.sqlite');

export const PASSWORD = 'Harbour#2031';
export const NEW_PASSWORD = 'Sunrise$2032';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** An address of the benchmarking range 198.18.0.0/15: public-looking, never a real client. */
export function uniqueClientAddress(): string {
  const [a, b] = randomBytes(2);
  return `198.${18 + ((a ?? 0) % 2)}.${b ?? 0}.${1 + ((a ?? 0) % 254)}`;
}

/** Gives every request of this page its own client address. */
export async function useOwnClientAddress(page: Page): Promise<string> {
  const address = uniqueClientAddress();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  return address;
}

export interface OutboxMessage {
  file: string;
  headers: Record<string, string>;
  /** The decoded text/plain part. */
  text: string;
}

/** Decodes a quoted-printable body (RFC 2045) as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseMessage(file: string, raw: string): OutboxMessage {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  const plain = /Content-Type: text\/plain[^\n]*\r?\n(?:[^\n]+\r?\n)*?\r?\n([\s\S]*?)\r?\n--/i.exec(
    raw,
  );
  const encoding = /Content-Type: text\/plain[\s\S]*?Content-Transfer-Encoding: ([\w-]+)/i.exec(
    raw,
  );
  const body = plain?.[1] ?? '';
  const text =
    encoding?.[1]?.toLowerCase() === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding?.[1]?.toLowerCase() === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { file, headers, text };
}

/** Every message of the outbox whose recipients or text match, oldest first. */
export async function outboxMessages(match: (message: OutboxMessage) => boolean) {
  let names: string[] = [];
  try {
    names = (await readdir(OUTBOX_DIR)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const messages = await Promise.all(
    names.map(async (name) =>
      parseMessage(name, await readFile(path.join(OUTBOX_DIR, name), 'utf8')),
    ),
  );
  return messages.filter(match);
}

/** Waits until `count` messages match (the site sends some after answering). */
export async function waitForMail(
  match: (message: OutboxMessage) => boolean,
  count = 1,
): Promise<OutboxMessage[]> {
  let found: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        found = await outboxMessages(match);
        return found.length;
      },
      // A reset link is retried after a busy store (at most five seconds later).
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

export const sentTo = (email: string) => (message: OutboxMessage) =>
  (message.headers.to ?? '').toLowerCase().includes(email.toLowerCase());

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

export function newPerson(prefix = 'traveller'): Person {
  return { firstName: 'Ngaio', lastName: 'Marsh', email: uniqueEmail(prefix) };
}

/** Signs up through /signup and waits for /signupSuccess. */
export async function signUp(page: Page, person: Person, password = PASSWORD) {
  await page.goto('/signup');
  const form = page.getByRole('main');
  await form.getByLabel('First Name').fill(person.firstName);
  await form.getByLabel('Last Name').fill(person.lastName);
  await form.getByLabel('Email', { exact: true }).fill(person.email);
  await form.getByLabel('Confirm Email').fill(person.email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signupSuccess$/);
}

/** Signs in through /signin. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin?resetFlag=false');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Sign in' }).click();
}

export const RESET_SENT = 'Please check your email for the password reset link.';
export const INVALID_CREDENTIALS = 'Invalid credentials, Please try to login again!';

/** The reset link in the newest reset email to an address. */
export async function resetLinkFor(email: string): Promise<URL> {
  const [message] = (await waitForMail(sentTo(email))).slice(-1);
  const match = /https?:\/\/\S+\/reset-password\?\S+/.exec(message?.text ?? '');
  expect(match, 'a reset link in the email').not.toBeNull();
  return new URL(match![0]);
}

/** Posts a form the way a browser without JavaScript does, from its own client address. */
export async function postForm(
  page: Page,
  path: string,
  form: Record<string, string>,
  address: string,
  baseURL: string,
) {
  return page.request.post(path, {
    form,
    headers: { Origin: new URL(baseURL).origin, 'X-Forwarded-For': address },
    maxRedirects: 0,
  });
}

/** Where the e2e server emails staff (its MAIL_STAFF). */
export const STAFF = 'bookings@businesschauffeur.example';

/** Staff emails whose subject names `text`. */
export const staffMailAbout = (text: string) => (message: OutboxMessage) =>
  sentTo(STAFF)(message) && (message.headers.subject ?? '').includes(text);

/** The documents of a table of the e2e server's store whose JSON `path` equals `value`. */
export function storedDocuments(
  table: 'applications' | 'user_feedback' | 'bookings',
  path: string,
  value: string,
): Record<string, unknown>[] {
  const db = new DatabaseSync(STORE_FILE, { readOnly: true });
  // The server writes beside this reader (no WAL): wait for its commits instead of failing.
  db.exec('PRAGMA busy_timeout = 5000');
  try {
    return db
      .prepare(`SELECT document FROM ${table} WHERE json_extract(document, ?) = ?`)
      .all(path, value)
      .map((row) => JSON.parse(String(row.document)) as Record<string, unknown>);
  } finally {
    db.close();
  }
}
