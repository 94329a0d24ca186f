// The Mailer port: sends one email. Two adapters: SMTP (hosted, `nodemailer`) and an outbox that
// writes each message as an .eml file under DATA_DIR/outbox (embedded default; a development-only
// page lists them at /dev/outbox). Both build the message with nodemailer, so the outbox file is
// byte for byte what SMTP would send.
import { createHash } from 'node:crypto';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string | Buffer;
}

export interface MailMessage {
  to: string[];
  cc?: string[];
  replyTo?: string;
  subject: string;
  /** The plain-text part; every message has one. */
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * One per notification (a job's ledger key): the message's Message-ID is derived from it, so a
   * message sent again after a worker died reaches the outbox once and is shown once by mail
   * clients that group by Message-ID.
   */
  idempotencyKey?: string;
}

export interface SentMail {
  messageId: string;
}

/**
 * The longest one send may take, whatever the adapter: past it the send is abandoned (its
 * connection closed) and fails. Claims on an email are leases sized from it
 * (app/booking/confirmation-email.server.ts), so a live sender never loses its claim.
 */
export const MAIL_SEND_TIMEOUT_MS = 30_000;

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Sends one message within MAIL_SEND_TIMEOUT_MS, or fails with MailDeliveryError. */
  send(message: MailMessage): Promise<SentMail>;
}

/** The message could not be handed to the mail server (or written to the outbox). */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
}

/** The hash that names a keyed message (its Message-ID and its outbox file). */
export function idempotencyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/** The nodemailer fields of a message (shared by both adapters). */
export function toNodemailerMessage(from: string, message: MailMessage) {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  return {
    from,
    ...(message.idempotencyKey
      ? { messageId: `<${idempotencyHash(message.idempotencyKey)}@${domain}>` }
      : {}),
    to: message.to,
    ...(message.cc && message.cc.length > 0 ? { cc: message.cc } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
    })),
  };
}
