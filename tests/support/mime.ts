// The parts of an email the outbox wrote (RFC 5322 with MIME parts), decoded to text, for tests
// that read what a customer would: Vitest's and Playwright's alike (no test runner imported here).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every part's body, base64 and quoted-printable decoded, joined by new lines. */
export function decodeParts(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      const head = split === -1 ? '' : part.slice(0, split);
      const body = split === -1 ? part : part.slice(split).trim();
      if (/Content-Transfer-Encoding: base64/i.test(head)) {
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      }
      if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
        return Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            ),
          'latin1',
        ).toString('utf8');
      }
      return body;
    })
    .join('\n');
}

/** The value of a header (folded lines joined), or '' when the message has none. */
function header(raw: string, name: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split === -1 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/**
 * The raw messages in an outbox folder that mention `text` (a booking reference, say); with `to`,
 * only those addressed to it: a booking's reference is also in the staff's email about it.
 */
export function outboxMessagesWith(outbox: string, text: string, to?: string): string[] {
  let names: string[];
  try {
    names = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((name) => readFileSync(path.join(outbox, name), 'utf8'))
    .filter((raw) => raw.includes(text))
    .filter(
      (raw) => to === undefined || header(raw, 'To').toLowerCase().includes(to.toLowerCase()),
    );
}
