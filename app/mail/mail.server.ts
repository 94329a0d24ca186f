// Picks the Mailer adapter for this process from the configuration, once: SMTP when SMTP_URL is
// set, else the outbox folder under DATA_DIR.
import { getConfig } from '~/utils/env.server';
import type { Mailer } from './mailer.server';
import { createOutboxMailer, outboxPath } from './outbox-mailer.server';
import { createSmtpMailer } from './smtp-mailer.server';

let mailer: Mailer | undefined;

export function getMailer(): Mailer {
  if (!mailer) {
    const config = getConfig();
    mailer =
      config.mailer.adapter === 'smtp'
        ? createSmtpMailer({ url: config.mailer.url, from: config.mail.from })
        : createOutboxMailer({ dir: outboxPath(config.dataDir), from: config.mail.from });
  }
  return mailer;
}
