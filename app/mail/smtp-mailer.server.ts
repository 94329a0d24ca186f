// The SMTP adapter of the Mailer port (nodemailer), configured by SMTP_URL such as
// smtps://user:password@smtp.example.com:465. Timeouts keep a slow mail server from holding a
// request for long: connecting (with the DNS lookup) and the greeting have 10 seconds each, a
// silent connection 20, and the whole send MAIL_SEND_TIMEOUT_MS (30), after which it is aborted
// and its connection closed, even from a server that trickles its answers. The caller decides what
// a failure means.
import nodemailer from 'nodemailer';
import {
  MAIL_SEND_TIMEOUT_MS,
  MailDeliveryError,
  toNodemailerMessage,
  type Mailer,
} from './mailer.server';

export function createSmtpMailer({
  url,
  from,
  sendTimeoutMs = MAIL_SEND_TIMEOUT_MS,
}: {
  url: string;
  from: string;
  /** The whole send's limit; only tests set another. */
  sendTimeoutMs?: number;
}): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail({
          ...toNodemailerMessage(from, message),
          signal: AbortSignal.timeout(sendTimeoutMs),
        });
        return { messageId: info.messageId };
      } catch (error) {
        throw new MailDeliveryError('The mail server did not accept the message.', {
          cause: error,
        });
      }
    },
  };
}
