// The Sanity webhook route, called as Remix calls it, on the real embedded content adapter.
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { afterAll, describe, expect, it, vi } from 'vitest';

// The configuration is read from process.env once, on first use: set the secret before that.
const SECRET = 'test-webhook-secret';
const previous = vi.hoisted(() => {
  const saved = {
    SANITY_WEBHOOK_SECRET: process.env.SANITY_WEBHOOK_SECRET,
    SANITY_PROJECT_ID: process.env.SANITY_PROJECT_ID,
  };
  process.env.SANITY_WEBHOOK_SECRET = 'test-webhook-secret';
  // The embedded adapter, whatever the machine's environment says.
  delete process.env.SANITY_PROJECT_ID;
  return saved;
});

import { getContentSource } from '~/content/content.server';
import { action, loader } from '~/routes/api.revalidate';

afterAll(() => {
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const URL_ = 'http://localhost/api/revalidate';
const payload = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings', operation: 'update' });

function post(body: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(URL_, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
  return action({ request, params: {}, context: {} });
}

async function signed(body: string, secret = SECRET, timestamp = Date.now()) {
  return { [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, timestamp, secret) };
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
  expect(body.error.message.length).toBeGreaterThan(0);
}

function spyOnInvalidate() {
  return vi.spyOn(getContentSource(), 'invalidate');
}

describe('POST /api/revalidate', () => {
  it('marks the content stale when the signature is valid', async () => {
    const invalidate = spyOnInvalidate();
    const response = await post(payload, await signed(payload));
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual({ revalidated: true });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('accepts a body with non-ASCII text signed as sent', async () => {
    const invalidate = spyOnInvalidate();
    const body = JSON.stringify({ _id: 'siteSettings', tagline: 'Café, Noosa — 24/7' });
    const response = await post(body, await signed(body));
    expect(response.status).toBe(200);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a signature made with another secret', async () => signed(payload, 'another-secret')],
    ['a signature of another body', async () => signed(payload.replace('update', 'delete'))],
    ['a malformed signature header', async () => ({ [SIGNATURE_HEADER_NAME]: 'not-a-signature' })],
    ['no signature header', async () => ({})],
  ])('answers 401 to %s and keeps the cache', async (_case, headers) => {
    const invalidate = spyOnInvalidate();
    await expectError(await post(payload, await headers()), 401, 'invalid_signature');
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('answers 401 to an empty body', async () => {
    await expectError(
      await post('', { [SIGNATURE_HEADER_NAME]: 't=1700000000000,v1=abc' }),
      401,
      'invalid_signature',
    );
  });

  it('answers 413 to a body over 32 kB, signed or not', async () => {
    const invalidate = spyOnInvalidate();
    const big = JSON.stringify({ _id: 'x', text: 'a'.repeat(33 * 1024) });
    await expectError(await post(big, await signed(big)), 413, 'payload_too_large');
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('counts the limit in bytes, not characters', async () => {
    // 20,000 characters, 40,000 bytes of UTF-8.
    const big = JSON.stringify({ _id: 'x', text: 'é'.repeat(20_000) });
    expect(big.length).toBeLessThan(32 * 1024);
    await expectError(await post(big, await signed(big)), 413, 'payload_too_large');
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const request = new Request(URL_, {
      method: 'POST',
      headers: { 'Content-Length': String(10 * 1024 * 1024) },
      body: new ReadableStream({
        pull() {
          throw new Error('the body was read');
        },
      }),
      duplex: 'half',
    } as RequestInit);
    await expectError(await action({ request, params: {}, context: {} }), 413, 'payload_too_large');
  });

  it('accepts a body of exactly 32 kB', async () => {
    const prefix = '{"_id":"x","text":"';
    const body = prefix + 'a'.repeat(32 * 1024 - prefix.length - 2) + '"}';
    expect(Buffer.byteLength(body)).toBe(32 * 1024);
    expect((await post(body, await signed(body))).status).toBe(200);
  });
});

describe('other methods on /api/revalidate', () => {
  it('answers 405 to GET, naming POST as allowed', async () => {
    const request = new Request(URL_);
    const response = loader();
    await expectError(response, 405, 'method_not_allowed');
    expect(response.headers.get('Allow')).toBe('POST');
    // Remix sends GET to the loader; the action refuses it too if ever called with it.
    await expectError(
      await action({ request, params: {}, context: {} }),
      405,
      'method_not_allowed',
    );
  });

  it.each(['PUT', 'DELETE', 'PATCH'])('answers 405 to %s', async (method) => {
    const request = new Request(URL_, { method, body: payload });
    const response = await action({ request, params: {}, context: {} });
    await expectError(response, 405, 'method_not_allowed');
    expect(response.headers.get('Allow')).toBe('POST');
  });
});
