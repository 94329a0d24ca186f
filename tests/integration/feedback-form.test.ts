// The Feedback & Complaints form through the real Remix request handler: an email field holding
// more than one address is refused with the form's message, and nothing is saved or sent (the
// address would otherwise become the Reply-To of the staff email, naming several recipients); a
// phone number is kept in E.164 and shown to staff as people read it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  listOutbox,
  outboxPath,
  parseHeaders,
  readOutboxMessage,
} from '~/mail/outbox-mailer.server';
import type * as StoreModule from '~/store/store.server';
import { decodeParts } from '../support/mime';
import { startRemixApp, TEST_ORIGIN, type RemixApp } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const env = useTestEnvironment();
let app: RemixApp;
let address = 0;

beforeAll(async () => {
  app = await startRemixApp();
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

function postFeedback(email: string) {
  address += 1;
  return app.request('/contact', {
    method: 'POST',
    headers: {
      Host: new URL(TEST_ORIGIN).host,
      Origin: TEST_ORIGIN,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      firstName: 'Mia',
      lastName: 'Nguyen',
      email,
      phone: '0412345678',
      subject: 'Pickup time',
      message: 'Please call me about my booking.',
    }).toString(),
    clientAddress: `198.51.100.${address}`,
    redirect: 'manual',
  });
}

describe('the feedback form', () => {
  it.each(['a,b@example.com', 'a@example.com; b@example.com', 'Mia <a@example.com>'])(
    'refuses %s as the email: the message, nothing saved, nothing sent',
    async (email) => {
      const response = await postFeedback(email);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('Please enter the valid email address.');
      const { getFeedbackStore } = await app.load<typeof StoreModule>('/app/store/store.server.ts');
      await expect(getFeedbackStore().listFeedback()).resolves.toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(listOutbox(outboxPath(env.dataDir))).resolves.toEqual([]);
    },
  );

  it('takes one address, saves the message and sends it with that Reply-To', async () => {
    const response = await postFeedback('mia@example.com');
    expect(response.status).toBe(200);
    const { getFeedbackStore } = await app.load<typeof StoreModule>('/app/store/store.server.ts');
    const saved = await getFeedbackStore().listFeedback();
    // The number typed as 0412345678 is kept in E.164 and shown to staff grouped.
    expect(saved.map((item) => item.contact)).toEqual([
      { email: 'mia@example.com', phone: '+61412345678' },
    ]);
    const dir = outboxPath(env.dataDir);
    await vi.waitFor(async () => expect(await listOutbox(dir)).toHaveLength(1));
    const [sent] = await listOutbox(dir);
    const raw = (await readOutboxMessage(dir, sent!.name)) ?? '';
    expect(parseHeaders(raw)['reply-to']).toBe('mia@example.com');
    expect(decodeParts(raw)).toContain('Phone: +61 412 345 678');
  });
});
