import { afterEach, describe, expect, it, vi } from 'vitest';
import { runForRequest } from './request-context.server';
import { log, maskEmail, redact } from './log.server';

describe('log redaction', () => {
  it('masks email addresses, keeping the first letter and the domain', () => {
    expect(maskEmail('lookup for jane.citizen@example.com.au failed')).toBe(
      'lookup for j***@example.com.au failed',
    );
  });

  it('removes card numbers and values under secret-looking keys', () => {
    expect(
      redact({
        note: 'paid with 4242 4242 4242 4242',
        password: 'hunter2',
        cardNumber: '4000000000000002',
        nested: { sessionToken: 'abc', ok: 'fine' },
      }),
    ).toEqual({
      note: 'paid with [card]',
      password: '[redacted]',
      cardNumber: '[redacted]',
      nested: { sessionToken: '[redacted]', ok: 'fine' },
    });
  });
});

describe('log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes one JSON line per entry with level, message and fields', () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    log.info('request', { status: 200, email: 'sam@example.com' });
    const line = String(out.mock.calls[0]?.[0]);
    expect(line.endsWith('\n')).toBe(true);
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'request',
      status: 200,
      email: 's***@example.com',
    });
    expect(typeof entry.time).toBe('string');
  });

  it('gives every line written for a request its id, through awaits, and none outside', async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const entries = () => out.mock.calls.map((call) => JSON.parse(String(call[0])) as object);
    const work = async (id: string) =>
      runForRequest(id, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.info('step one');
        await Promise.resolve();
        log.info('step two');
      });
    await Promise.all([work('request-aaaa'), work('request-bbbb')]);
    log.info('outside');
    expect(entries()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'step one', requestId: 'request-aaaa' }),
        expect.objectContaining({ msg: 'step two', requestId: 'request-aaaa' }),
        expect.objectContaining({ msg: 'step one', requestId: 'request-bbbb' }),
        expect.objectContaining({ msg: 'step two', requestId: 'request-bbbb' }),
      ]),
    );
    expect(entries().at(-1)).not.toHaveProperty('requestId');
  });

  it('sends warnings and errors to stderr', () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    log.error('store failed', { error: new Error('disk full') });
    expect(JSON.parse(String(err.mock.calls[0]?.[0]))).toMatchObject({
      level: 'error',
      error: { name: 'Error', message: 'disk full' },
    });
  });

  it('writes an error with its code and causes, redacted, three deep at most', () => {
    const driver = Object.assign(new Error('10 ABORTED: too much contention for ana@example.com'), {
      code: 10,
    });
    const store = new Error('The booking store did not answer.', { cause: driver });
    let deep: Error = store;
    for (let level = 0; level < 5; level += 1) deep = new Error(`level ${level}`, { cause: deep });
    expect(redact(store)).toEqual({
      name: 'Error',
      message: 'The booking store did not answer.',
      cause: {
        name: 'Error',
        message: '10 ABORTED: too much contention for a***@example.com',
        code: 10,
      },
    });
    expect(JSON.stringify(redact(deep)).match(/"cause"/g)).toHaveLength(3);
  });
});
