// The outbox adapter of the Mailer port: each message becomes one .eml file (RFC 5322, what an SMTP
// server would receive) in DATA_DIR/outbox, readable with any mail client. The helpers below list
// and read them for the development-only /dev/outbox page and for tests. A message with an
// idempotency key (a notification) has its hash in its file name and is written once.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import {
  idempotencyHash,
  MailDeliveryError,
  toNodemailerMessage,
  type Mailer,
} from './mailer.server';

export function outboxPath(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createOutboxMailer({ dir, from }: { dir: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'outbox',
    async send(message) {
      try {
        const info = await transport.sendMail(toNodemailerMessage(from, message));
        await mkdir(dir, { recursive: true });
        // A keyed message (a notification) is written once: sent again, it finds its file.
        const keyed = message.idempotencyKey ? idempotencyHash(message.idempotencyKey) : null;
        if (keyed && (await readdir(dir)).some((name) => name.endsWith(`-${keyed}.eml`))) {
          return { messageId: info.messageId };
        }
        // Sortable by time; the random part keeps two messages of one millisecond apart.
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const name = `${stamp}-${keyed ?? randomBytes(4).toString('hex')}.eml`;
        await writeFile(path.join(dir, name), info.message as Buffer, { flag: 'wx' });
        return { messageId: info.messageId };
      } catch (error) {
        throw new MailDeliveryError('The message could not be written to the outbox.', {
          cause: error,
        });
      }
    },
  };
}

export interface OutboxEntry {
  /** The file name, the entry's id on the /dev/outbox page. */
  name: string;
  date: string;
  from: string;
  to: string;
  subject: string;
}

const FILE_NAME = /^[\w-]+\.eml$/;

/** Decodes RFC 2047 encoded words ("=?UTF-8?Q?Caf=C3=A9?=") in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_match, charset: string, encoding: string, text: string) => {
        const bytes =
          encoding.toUpperCase() === 'B'
            ? Buffer.from(text, 'base64')
            : Buffer.from(
                text
                  .replace(/_/g, ' ')
                  .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
                    String.fromCharCode(parseInt(hex, 16)),
                  ),
                'latin1',
              );
        return new TextDecoder(charset.toLowerCase() === 'utf-8' ? 'utf-8' : charset).decode(bytes);
      },
    );
}

/** The header fields of a raw message, unfolded and decoded, keyed in lower case. */
export function parseHeaders(raw: string): Record<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers[line.slice(0, colon).trim().toLowerCase()] ??= decodeHeader(
        line.slice(colon + 1).trim(),
      );
    }
  }
  return headers;
}

/** The outbox's messages, newest first. */
export async function listOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => FILE_NAME.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries = await Promise.all(
    names.map(async (name) => {
      const headers = parseHeaders(await readFile(path.join(dir, name), 'utf8'));
      return {
        name,
        date: headers.date ?? '',
        from: headers.from ?? '',
        to: headers.to ?? '',
        subject: headers.subject ?? '',
      };
    }),
  );
  return entries.sort((a, b) => (a.name < b.name ? 1 : -1));
}

/** One raw message of the outbox; null for a name that is not one of its files. */
export async function readOutboxMessage(dir: string, name: string): Promise<string | null> {
  if (!FILE_NAME.test(name)) return null;
  try {
    return await readFile(path.join(dir, name), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
