// The one logger: one JSON object per line on stdout/stderr, ready for any log collector. Email
// addresses are masked and card-like digit runs removed wherever they appear, so a careless
// message can never leak personal or card data, and a line written while a request is handled
// carries that request's id (request-context.server.ts). Why our own and not a logging library:
// docs/decisions/065-one-logger.md.
// With its extension: the server (server/, run by Node from source) imports this module too.
import { currentRequestId } from './request-context.server.ts';

type Level = 'info' | 'warn' | 'error';

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
const CARD_NUMBER = /\b(?:\d[ -]?){13,19}\b/g;
const SECRET_KEYS = /pass(word)?|secret|token|card|cvc|cvv|authorization|cookie/i;

export function maskEmail(text: string): string {
  return text.replace(EMAIL, '$1***@$2');
}

/** How many causes deep an error is written (a store error, the driver's error, its cause). */
const MAX_CAUSES = 3;

/**
 * Masks emails and card numbers in strings and drops values under secret-looking keys. An error
 * is written as its name, message, code (a driver's status) and causes, so "the store did not
 * answer" says why.
 */
export function redact(value: unknown, key = '', causes = 0): unknown {
  if (key && SECRET_KEYS.test(key)) return '[redacted]';
  if (typeof value === 'string') return maskEmail(value).replace(CARD_NUMBER, '[card]');
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return {
      name: value.name,
      message: redact(value.message),
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
      ...(value.cause !== undefined && causes < MAX_CAUSES
        ? { cause: redact(value.cause, '', causes + 1) }
        : {}),
    };
  }
  if (Array.isArray(value)) return value.map((item) => redact(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redact(v, k)]),
    );
  }
  return value;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  // The request id is written as it is (never card-like: request-context.server.ts), so it matches
  // the X-Request-Id the client was given.
  const { requestId: given, ...rest } = fields;
  const requestId = typeof given === 'string' ? given : currentRequestId();
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg: redact(message),
    ...(requestId ? { requestId } : {}),
    ...(redact(rest) as Record<string, unknown>),
  });
  if (level === 'info') process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}

export const log = {
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
