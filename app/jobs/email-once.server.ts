// One email per notification, sent by a job (delivered at least once): the ledger
// (job-store.server.ts) records it "sending" before the mailer is called and "sent" after, so a
// job run again finds it sent and sends nothing. A worker that died between the send and the
// "sent" leaves "sending": the next attempt sends again with the same idempotency key, which the
// outbox turns into the one file it already wrote and from which SMTP mail gets the same
// Message-ID (mail clients show one message). A mailer failure fails the job, which the queue
// tries again with its backoff (docs/decisions/058-notifications.md).
import type { Mailer, MailMessage } from '~/mail/mailer.server';
import type { JobStore } from '~/store/job-store.server';

export interface EmailOnce {
  store: JobStore;
  mailer: Mailer;
  /** The notification's ledger key (also the message's idempotency key). */
  key: string;
  /** The job attempt sending it ("<job key>#<token>"). */
  attempt: string;
  now: () => Date;
  message: Omit<MailMessage, 'idempotencyKey'>;
}

/** Sends the email unless the ledger has it sent; whether this call sent it. */
export async function sendEmailOnce({
  store,
  mailer,
  key,
  attempt,
  now,
  message,
}: EmailOnce): Promise<boolean> {
  const entry = await store.recordSending(key, attempt, now().toISOString());
  if (entry.state !== 'sending') return false;
  const sent = await mailer.send({ ...message, idempotencyKey: key });
  await store.recordSent(key, attempt, sent.messageId, now().toISOString());
  return true;
}
