// The SMTP adapter of the Mailer port (nodemailer), configured by SMTP_URL such as
// smtps://user:password@smtp.example.com:465. Timeouts keep a slow mail server from holding a
// request for long; the caller decides what a failure means.
import nodemailer from 'nodemailer';
import { MailDeliveryError, toNodemailerMessage, type Mailer } from './mailer.server';

export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
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
        const info = await transport.sendMail(toNodemailerMessage(from, message));
        return { messageId: info.messageId };
      } catch (error) {
        throw new MailDeliveryError('The mail server did not accept the message.', {
          cause: error,
        });
      }
    },
  };
}
