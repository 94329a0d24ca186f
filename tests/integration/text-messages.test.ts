// The Messages adapters: the outbox writes one file per notification (a second send of the same
// key writes nothing), and the Twilio adapter's requests against a local stub of Twilio's API
// (path, basic auth, form fields), its error mapping (an invalid number is permanent; 429, 5xx and
// a timeout are retryable) and the lookup that tells whether a send went out after all.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMessages, listSmsOutbox } from '~/messages/outbox-messages.server';
import { TextMessageError, type TextMessage } from '~/messages/text-messages.server';
import { createTwilioMessages } from '~/messages/twilio-messages.server';
import { parseEnv } from '~/utils/env.server';
import {
  startTwilioStub,
  TWILIO_TEST_ACCOUNT_SID,
  TWILIO_TEST_AUTH_TOKEN,
  TWILIO_TEST_FROM,
  type TwilioStub,
} from '../support/twilio-stub';

const message: TextMessage = {
  to: '+61412345678',
  text: 'Business Chauffeur: Sam will collect you at 9:30 AM in a black Mercedes E-Class, 123ABC. Call 07 3000 0000.',
  idempotencyKey: 'booking-MH3K9Q2A:assigned:1',
};

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<TextMessageError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TextMessageError);
  return error as TextMessageError;
}

describe('outbox messages', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bc-sms-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each message as a file and one file however often a key is sent', async () => {
    const outbox = createOutboxMessages({ dir });
    const since = new Date();
    await expect(outbox.findSent(message, since)).resolves.toBeNull();
    const sent = await Promise.all([outbox.send(message), outbox.send(message)]);
    expect(sent[0]).toEqual(sent[1]);
    await outbox.send({ ...message, idempotencyKey: 'another', text: 'Second message' });
    expect(readdirSync(dir)).toHaveLength(2);
    const entries = await listSmsOutbox(dir);
    expect(entries.find((entry) => entry.key === message.idempotencyKey)).toMatchObject({
      to: '+61412345678',
      text: message.text,
    });
    await expect(outbox.findSent(message, since)).resolves.toEqual(sent[0]);
  });

  it('refuses a number that is not E.164 and an empty or oversized text, writing nothing', async () => {
    const outbox = createOutboxMessages({ dir: path.join(dir, 'refused') });
    for (const to of [
      '0412 345 678',
      '0412345678',
      '+61 412 345 678',
      '+0412345678',
      '+6141234567890123',
      '',
    ]) {
      const error = await rejection(outbox.send({ ...message, to }));
      expect(error).toMatchObject({ permanent: true, code: 'invalid_number' });
    }
    await expect(outbox.send({ ...message, text: '  ' })).rejects.toMatchObject({
      permanent: true,
    });
    await expect(outbox.send({ ...message, text: 'x'.repeat(1601) })).rejects.toMatchObject({
      permanent: true,
    });
    await expect(listSmsOutbox(path.join(dir, 'refused'))).resolves.toEqual([]);
  });
});

describe('Twilio messages', () => {
  let stub: TwilioStub;
  beforeAll(async () => {
    stub = await startTwilioStub();
  });
  afterAll(() => stub.close());

  const twilio = (overrides: { from?: string; authToken?: string; timeoutMs?: number } = {}) =>
    createTwilioMessages({
      accountSid: TWILIO_TEST_ACCOUNT_SID,
      authToken: TWILIO_TEST_AUTH_TOKEN,
      from: TWILIO_TEST_FROM,
      apiBaseUrl: stub.baseUrl,
      ...overrides,
    });

  it('posts the form to the account’s Messages resource with basic auth', async () => {
    const before = stub.requests.length;
    const sent = await twilio().send(message);
    expect(sent).toEqual({ id: stub.messages.at(-1)?.sid });
    expect(sent.id).toMatch(/^SM[0-9a-f]{32}$/);
    const request = stub.requests[before];
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${TWILIO_TEST_ACCOUNT_SID}/Messages.json`,
    });
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${TWILIO_TEST_ACCOUNT_SID}:${TWILIO_TEST_AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+61412345678',
      From: TWILIO_TEST_FROM,
      Body: message.text,
    });
  });

  it('sends through a Messaging Service when TWILIO_FROM is its SID', async () => {
    const service = `MG${'a'.repeat(32)}`;
    const before = stub.requests.length;
    await twilio({ from: service }).send(message);
    expect(Object.fromEntries(stub.requests[before]?.form ?? [])).toEqual({
      To: '+61412345678',
      MessagingServiceSid: service,
      Body: message.text,
    });
  });

  it('never calls Twilio for a number that is not E.164', async () => {
    const before = stub.requests.length;
    await expect(twilio().send({ ...message, to: '0412345678' })).rejects.toMatchObject({
      permanent: true,
      code: 'invalid_number',
    });
    expect(stub.requests).toHaveLength(before);
  });

  it('maps Twilio’s refusal of a number to a permanent failure with its code', async () => {
    stub.failNext(400, 21614, "'To' number is not a valid mobile number");
    const error = await rejection(twilio().send(message));
    expect(error).toMatchObject({ permanent: true, code: '21614' });
    expect(error.message).toContain('not a valid mobile number');
    stub.failNext(400, 21610, 'Attempt to send to unsubscribed recipient');
    await expect(twilio().send(message)).rejects.toMatchObject({ permanent: true, code: '21610' });
  });

  it('maps wrong credentials to a permanent failure', async () => {
    await expect(twilio({ authToken: 'wrong' }).send(message)).rejects.toMatchObject({
      permanent: true,
      code: '20003',
    });
  });

  it('maps 429 and 5xx to retryable failures', async () => {
    stub.failNext(429, 20429, 'Too Many Requests');
    await expect(twilio().send(message)).rejects.toMatchObject({ permanent: false, code: '20429' });
    stub.failNext(503, 20500, 'Service Unavailable');
    await expect(twilio().send(message)).rejects.toMatchObject({ permanent: false, code: '20500' });
  });

  it('gives up after its timeout as retryable, and finds the message Twilio made meanwhile', async () => {
    const since = new Date(Date.now() - 1000);
    const stalled = { ...message, text: 'A message whose answer never came', to: '+61412000111' };
    stub.stallNext(1);
    const started = Date.now();
    await expect(twilio({ timeoutMs: 300 }).send(stalled)).rejects.toMatchObject({
      permanent: false,
      code: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    const made = stub.messages.at(-1);
    await expect(twilio().findSent(stalled, since)).resolves.toEqual({ id: made?.sid });
    const lookup = stub.requests.at(-1);
    expect(lookup).toMatchObject({ method: 'GET' });
    expect(lookup?.query.get('To')).toBe('+61412000111');
    expect(lookup?.query.get('From')).toBe(TWILIO_TEST_FROM);
    await expect(twilio().findSent({ ...stalled, text: 'Never sent' }, since)).resolves.toBeNull();
    await expect(twilio().findSent(stalled, new Date(Date.now() + 60_000))).resolves.toBeNull();
  });

  it('reports an unreachable Twilio as retryable', async () => {
    const closed = await startTwilioStub();
    await closed.close();
    await expect(
      createTwilioMessages({
        accountSid: TWILIO_TEST_ACCOUNT_SID,
        authToken: TWILIO_TEST_AUTH_TOKEN,
        from: TWILIO_TEST_FROM,
        apiBaseUrl: closed.baseUrl,
      }).send(message),
    ).rejects.toMatchObject({ permanent: false, code: 'network' });
  });
});

describe('Messages configuration', () => {
  it('uses the outbox unless all three Twilio variables are set', () => {
    expect(parseEnv({}).messages).toEqual({ adapter: 'outbox' });
    expect(
      parseEnv({
        TWILIO_ACCOUNT_SID: TWILIO_TEST_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: TWILIO_TEST_AUTH_TOKEN,
        TWILIO_FROM: TWILIO_TEST_FROM,
        TWILIO_API_BASE_URL: 'http://127.0.0.1:4011',
      }).messages,
    ).toEqual({
      adapter: 'twilio',
      accountSid: TWILIO_TEST_ACCOUNT_SID,
      authToken: TWILIO_TEST_AUTH_TOKEN,
      from: TWILIO_TEST_FROM,
      apiBaseUrl: 'http://127.0.0.1:4011',
    });
  });

  it('names what is missing or wrong', () => {
    expect(() => parseEnv({ TWILIO_ACCOUNT_SID: TWILIO_TEST_ACCOUNT_SID })).toThrow(
      /Twilio \(text messages\) is half configured: TWILIO_ACCOUNT_SID is set but TWILIO_AUTH_TOKEN, TWILIO_FROM are missing/,
    );
    expect(() =>
      parseEnv({
        TWILIO_ACCOUNT_SID: 'not-a-sid',
        TWILIO_AUTH_TOKEN: 'x',
        TWILIO_FROM: '0412 345 678',
      }),
    ).toThrow(
      /TWILIO_ACCOUNT_SID: must be an account SID[\s\S]*TWILIO_FROM: must be a number in E.164/,
    );
  });
});
