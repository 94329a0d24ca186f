// The outbox adapter of the Messages port: each message becomes one text file in DATA_DIR/sms, its
// name the hash of the message's idempotency key, so a second send of one notification finds the
// file and writes nothing (the file is created exclusively: two senders at once make one file).
// The file holds the header lines a person needs (To, Date, Key) and the text after a blank line.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkTextMessage, TextMessageError, type Messages } from './text-messages.server';

export function smsOutboxPath(dataDir: string): string {
  return path.join(dataDir, 'sms');
}

/** The outbox file of a notification: the first 32 hex digits of its key's SHA-256. */
export function smsFileName(idempotencyKey: string): string {
  return `${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}.txt`;
}

export function createOutboxMessages({ dir }: { dir: string }): Messages {
  return {
    kind: 'outbox',
    async send(message) {
      checkTextMessage(message);
      const name = smsFileName(message.idempotencyKey);
      const body =
        `To: ${message.to}\nDate: ${new Date().toISOString()}\nKey: ${message.idempotencyKey}\n\n` +
        `${message.text}\n`;
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, name), body, { flag: 'wx' });
      } catch (error) {
        // Sent before under this key: the same message, not a second one.
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { id: name };
        throw new TextMessageError('The message could not be written to the outbox.', {
          permanent: false,
          cause: error,
        });
      }
      return { id: name };
    },
    async findSent(message, since) {
      const name = smsFileName(message.idempotencyKey);
      try {
        const file = await stat(path.join(dir, name));
        return file.mtime.getTime() >= since.getTime() - 1000 ? { id: name } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new TextMessageError('The outbox could not be read.', {
          permanent: false,
          cause: error,
        });
      }
    },
  };
}

export interface SmsOutboxEntry {
  name: string;
  to: string;
  date: string;
  key: string;
  text: string;
}

/** The outbox's messages, oldest first (tests and development). */
export async function listSmsOutbox(dir: string): Promise<SmsOutboxEntry[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => /^[0-9a-f]{32}\.txt$/.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries = await Promise.all(
    names.map(async (name) => {
      const raw = await readFile(path.join(dir, name), 'utf8');
      const split = raw.indexOf('\n\n');
      const headers = Object.fromEntries(
        raw
          .slice(0, split)
          .split('\n')
          .map((line) => [
            line.slice(0, line.indexOf(':')),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
      ) as Record<string, string>;
      return {
        name,
        to: headers.To ?? '',
        date: headers.Date ?? '',
        key: headers.Key ?? '',
        text: raw.slice(split + 2).replace(/\n$/, ''),
      };
    }),
  );
  return entries.sort((a, b) => a.date.localeCompare(b.date));
}
