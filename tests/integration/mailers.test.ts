// The Mailer adapters: the outbox writes real RFC 5322 messages; the SMTP adapter delivers to an
// SMTP server (a minimal local one here) and reports a server it cannot reach.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MailDeliveryError, type MailMessage } from '~/mail/mailer.server';
import {
  createOutboxMailer,
  decodeHeader,
  listOutbox,
  readOutboxMessage,
} from '~/mail/outbox-mailer.server';
import { createSmtpMailer } from '~/mail/smtp-mailer.server';
import { freePort } from '../support/firestore-emulator';

const dir = mkdtempSync(path.join(tmpdir(), 'bc-mail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const message: MailMessage = {
  to: ['ngaio@example.com', 'priya@example.com'],
  replyTo: 'bookings@businesschauffeur.example',
  subject: 'Your Business Chauffeur booking MH3K9Q2A is confirmed — café stop',
  text: 'Hello Ngaio,\n\nYour ride is confirmed.',
  html: '<p>Hello Ngaio,</p><p>Your ride is confirmed.</p>',
  attachments: [
    {
      filename: 'booking-MH3K9Q2A.ics',
      contentType: 'text/calendar',
      content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
    },
  ],
};

describe('outbox mailer', () => {
  it('writes each message as an .eml file, listed newest first with decoded headers', async () => {
    const mailer = createOutboxMailer({
      dir,
      from: 'Business Chauffeur <bookings@businesschauffeur.example>',
    });
    const first = await mailer.send(message);
    await mailer.send({ ...message, subject: 'Second' });
    expect(first.messageId).toMatch(/^<.+@.+>$/);
    const entries = await listOutbox(dir);
    expect(entries.map((entry) => entry.subject)).toEqual([
      'Second',
      'Your Business Chauffeur booking MH3K9Q2A is confirmed — café stop',
    ]);
    expect(entries[1]).toMatchObject({
      from: 'Business Chauffeur <bookings@businesschauffeur.example>',
      to: 'ngaio@example.com, priya@example.com',
    });
    const raw = await readOutboxMessage(dir, entries[1]?.name ?? '');
    expect(raw).toContain('Content-Type: text/calendar');
    expect(raw).toContain('filename=booking-MH3K9Q2A.ics');
    expect(raw).toMatch(/Reply-To: bookings@businesschauffeur.example/);
    expect(readFileSync(path.join(dir, entries[1]?.name ?? ''), 'utf8')).toBe(raw);
  });

  it('reads only its own files', async () => {
    await expect(readOutboxMessage(dir, '../secrets.eml')).resolves.toBeNull();
    await expect(readOutboxMessage(dir, 'missing.eml')).resolves.toBeNull();
    await expect(listOutbox(path.join(dir, 'none'))).resolves.toEqual([]);
  });

  it('decodes encoded header words', () => {
    expect(decodeHeader('=?UTF-8?Q?Caf=C3=A9_Noosa?=')).toBe('Café Noosa');
    expect(decodeHeader('=?UTF-8?B?Q2Fmw6k=?= =?UTF-8?B?IE5vb3Nh?=')).toBe('Café Noosa');
  });
});

/**
 * A minimal SMTP server: enough of RFC 5321 for nodemailer to hand over one message. `trickle`
 * makes it answer the end of a message with a continuation line every 300 ms and never a last
 * one: a server that stays busy without ever going silent.
 */
function startSmtpServer(
  received: { from: string; to: string[]; data: string }[],
  { trickle = false }: { trickle?: boolean } = {},
): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer((socket: Socket) => {
      let buffer = '';
      let inData = false;
      const current = { from: '', to: [] as string[], data: '' };
      socket.write('220 smtp.test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        let index: number;
        while ((index = buffer.indexOf('\r\n')) !== -1) {
          const line = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          if (inData) {
            if (line === '.') {
              inData = false;
              received.push({ ...current, to: [...current.to] });
              if (trickle) {
                const timer = setInterval(() => socket.write('250-still working\r\n'), 300);
                socket.on('close', () => clearInterval(timer));
              } else {
                socket.write('250 2.0.0 queued as TEST1\r\n');
              }
            } else {
              current.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
            }
            continue;
          }
          const command = line.slice(0, 4).toUpperCase();
          if (command === 'EHLO' || command === 'HELO')
            socket.write('250-smtp.test\r\n250 8BITMIME\r\n');
          else if (command === 'MAIL') {
            current.from = line;
            socket.write('250 OK\r\n');
          } else if (command === 'RCPT') {
            current.to.push(line);
            socket.write('250 OK\r\n');
          } else if (command === 'DATA') {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (command === 'QUIT') {
            socket.end('221 bye\r\n');
          } else socket.write('250 OK\r\n');
        }
      });
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

describe('SMTP mailer', () => {
  it('hands the message to the SMTP server for every recipient', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const { server, port } = await startSmtpServer(received);
    try {
      const mailer = createSmtpMailer({
        url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        from: 'Business Chauffeur <bookings@businesschauffeur.example>',
      });
      const sent = await mailer.send(message);
      expect(sent.messageId).toMatch(/@/);
      expect(received).toHaveLength(1);
      expect(received[0]?.from).toContain('bookings@businesschauffeur.example');
      expect(received[0]?.to).toEqual([
        expect.stringContaining('ngaio@example.com'),
        expect.stringContaining('priya@example.com'),
      ]);
      expect(received[0]?.data).toContain('Content-Type: text/calendar');
    } finally {
      server.close();
    }
  });

  it('abandons a send that a busy server drags past its time limit, closing the connection', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    const { server, port } = await startSmtpServer(received, { trickle: true });
    const closed = new Promise<void>((resolve) =>
      server.on('connection', (socket) => socket.on('close', () => resolve())),
    );
    try {
      const mailer = createSmtpMailer({
        url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        from: 'a@example.com',
        sendTimeoutMs: 1500,
      });
      const started = Date.now();
      await expect(mailer.send(message)).rejects.toBeInstanceOf(MailDeliveryError);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(received).toHaveLength(1);
      await closed;
    } finally {
      server.close();
    }
  });

  it('reports a server it cannot reach as MailDeliveryError', async () => {
    const port = await freePort();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'a@example.com' });
    await expect(mailer.send(message)).rejects.toBeInstanceOf(MailDeliveryError);
  });
});
