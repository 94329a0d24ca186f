// Picks the Accounts adapter for this process from the configuration, once: Firebase Auth when
// FIREBASE_API_KEY and the Firebase project are set, else local accounts in the embedded SQLite
// file, whose reset links are emailed through the Mailer.
import { getMailer } from '~/mail/mail.server';
import { loadEmailBrand, renderPlainEmail } from '~/mail/plain-email.server';
import { sqliteStorePath } from '~/store/sqlite-database.server';
import { getConfig } from '~/utils/env.server';
import type { Accounts } from './accounts.server';
import { createFirebaseAccounts } from './firebase-accounts.server';
import { createLocalAccounts, type ResetLinkMessage } from './local-accounts.server';

/** The page a reset link opens; the same query as Firebase's action links, so it serves both. */
export function resetPasswordUrl(siteUrl: string, code: string): string {
  return `${siteUrl}/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}`;
}

/** The password reset email of local accounts (Firebase sends its own). */
export async function sendResetLinkEmail({ email, link, expiresAt }: ResetLinkMessage) {
  const brand = await loadEmailBrand();
  const minutes = Math.round((expiresAt.getTime() - Date.now()) / 60_000);
  const { text, html } = renderPlainEmail(brand, {
    title: `Reset your ${brand.name} password`,
    greeting: 'Hello,',
    paragraphs: [
      `Someone asked to reset the password of the ${brand.name} account for ${email}. To choose a new password, open the link below.`,
      `The link works once and expires in ${minutes} minutes.`,
    ],
    action: { label: 'Choose a new password', url: link },
    footnotes: [
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
  });
  await getMailer().send({
    to: [email],
    subject: `Reset your ${brand.name} password`,
    text,
    html,
  });
}

let accounts: Accounts | undefined;

export function getAccounts(): Accounts {
  if (!accounts) {
    const config = getConfig();
    if (config.accounts.adapter === 'firebase' && config.store.adapter === 'firestore') {
      accounts = createFirebaseAccounts({
        projectId: config.store.projectId,
        apiKey: config.accounts.apiKey,
        clientEmail: config.store.clientEmail,
        privateKey: config.store.privateKey,
        authEmulatorHost: config.accounts.authEmulatorHost,
      });
    } else {
      accounts = createLocalAccounts({
        filename: sqliteStorePath(config.dataDir),
        resetLink: (code) => resetPasswordUrl(config.siteUrl, code),
        sendResetLink: sendResetLinkEmail,
      });
    }
  }
  return accounts;
}
