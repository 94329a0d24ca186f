// The staff inboxes through the real Remix request handler, on the embedded store, with real
// sessions (signed up through the site; the staff role granted as `npm run staff` does): a message
// sent on /contact shows in /staff/feedback, Done with a note saves it, writes the audit entry and
// takes it off the default list; applications the same; a cancellation request marked handled
// leaves the open list until the customer asks again. Visitors and customers get the plain 404
// on the pages and the posts, and a post from another site is refused and changes nothing.
import { bookingResponseSchema } from '@business-chauffeur/booking-contract';
import { messages } from '@business-chauffeur/booking-contract/site';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as StoreModule from '~/store/store.server';
import { sampleApplication } from './application-store.contract';
import { textOf } from '../support/manage-booking';
import { bookingBody } from '../support/quotes';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { staffSession } from '../support/staff-session';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const env = useTestEnvironment();
let app: RemixApp;
const { post, get, signUp, signUpStaff } = staffSession(() => app);

const STAFF = 'dispatch@businesschauffeur.example';
const CUSTOMER = 'customer@example.com';
let staffCookie: string;
let customerCookie: string;

const store = () => app.load<typeof StoreModule>('/app/store/store.server.ts');

beforeAll(async () => {
  app = await startRemixApp();
  staffCookie = await signUpStaff(STAFF);
  customerCookie = await signUp(CUSTOMER);
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

async function sendFeedback(message: string) {
  const response = await post('/contact', {
    firstName: 'Mia',
    lastName: 'Nguyen',
    email: 'mia@example.com',
    phone: '0412345678',
    subject: 'Pickup time',
    message,
  });
  expect(response.status).toBe(200);
  const { getFeedbackStore } = await store();
  const saved = await getFeedbackStore().listFeedback();
  const found = saved.find((item) => item.message === message);
  if (!found) throw new Error('the message was not saved');
  return found;
}

describe('/staff/feedback', () => {
  it('lists a message sent on /contact, and Done with a note saves it and takes it off the list', async () => {
    const message = await sendFeedback('The driver was 20 minutes late to the airport.');

    const page = await get('/staff/feedback', staffCookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('private, no-store');
    const before = textOf(await page.text());
    expect(before).toContain('The driver was 20 minutes late to the airport.');
    expect(before).toContain('Mia Nguyen');
    expect(before).toContain('mia@example.com');
    expect(before).toContain('+61 412 345 678');
    expect(before).toContain('Pickup time');
    expect(before).toContain('New · received');

    const saved = await post(
      '/staff/feedback',
      { id: message.id, status: 'done', note: 'Called Mia, apologised and refunded $20.' },
      { Cookie: staffCookie },
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toMatch(/role="status">Saved\.<\/p>/);

    const { getFeedbackStore, getAuditLogStore } = await store();
    const record = await getFeedbackStore().getFeedback(message.id);
    expect(record?.handling).toMatchObject({
      status: 'done',
      note: 'Called Mia, apologised and refunded $20.',
      updatedBy: STAFF,
    });
    const audit = await getAuditLogStore().listFor(message.id);
    expect(audit).toEqual([
      {
        id: audit[0]!.id,
        at: record!.handling!.updatedAt,
        by: STAFF,
        action: 'feedback',
        subjectId: message.id,
        subjectLabel: 'Mia Nguyen',
        note: 'Called Mia, apologised and refunded $20.',
        before: { status: 'new', note: '' },
        after: { status: 'done', note: 'Called Mia, apologised and refunded $20.' },
      },
    ]);

    const open = textOf(await (await get('/staff/feedback', staffCookie)).text());
    expect(open).not.toContain('The driver was 20 minutes late to the airport.');
    const done = textOf(await (await get('/staff/feedback?status=done', staffCookie)).text());
    expect(done).toContain('The driver was 20 minutes late to the airport.');
    expect(done).toContain('Called Mia, apologised and refunded $20.');
    expect(done).toContain(`by ${STAFF}`);
  });

  it('shows a note that is too long with its message and keeps the message as it was', async () => {
    const message = await sendFeedback('Could the driver bring a child seat next time?');
    const response = await post(
      '/staff/feedback',
      { id: message.id, status: 'in-progress', note: 'x'.repeat(1001) },
      { Cookie: staffCookie },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Keep the note under 1000 characters.');
    const { getFeedbackStore, getAuditLogStore } = await store();
    expect((await getFeedbackStore().getFeedback(message.id))?.handling).toBeUndefined();
    await expect(getAuditLogStore().listFor(message.id)).resolves.toEqual([]);
  });

  it('says so when the message is not there', async () => {
    const response = await post(
      '/staff/feedback',
      { id: 'NoSuchMessage0000000', status: 'done', note: '' },
      { Cookie: staffCookie },
    );
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('That message is no longer there. Reload the page.');
  });
});

describe('/staff/applications', () => {
  it('lists an application and saves In progress with a note', async () => {
    const { getApplicationStore, getAuditLogStore } = await store();
    const application = await getApplicationStore().addApplication(sampleApplication());
    const page = await get('/staff/applications', staffCookie);
    expect(page.status).toBe(200);
    const before = textOf(await page.text());
    expect(before).toContain('Arthur Upfield: Chauffeur, Brisbane');
    expect(before).toContain('arthur@example.com');
    expect(before).toContain('7 years');

    const saved = await post(
      '/staff/applications',
      { id: application.id, status: 'in-progress', note: 'Interview Tuesday 10 am.' },
      { Cookie: staffCookie },
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toMatch(/role="status">Saved\.<\/p>/);
    const audit = await getAuditLogStore().listFor(application.id);
    expect(audit).toMatchObject([
      {
        by: STAFF,
        action: 'application',
        subjectLabel: 'Arthur Upfield',
        before: { status: 'new', note: '' },
        after: { status: 'in-progress', note: 'Interview Tuesday 10 am.' },
      },
    ]);
    // Still open: in progress is not done.
    const open = textOf(await (await get('/staff/applications', staffCookie)).text());
    expect(open).toContain('Arthur Upfield');
    expect(open).toContain('In progress · received');
    expect(open).toContain('Interview Tuesday 10 am.');
  });
});

describe('/staff/cancellations', () => {
  it('marks a request handled; it leaves the open list until the customer asks again', async () => {
    const created = await app.request('/api/bookings', { method: 'POST', json: bookingBody() });
    const {
      bookingId,
      bookingReferenceId: reference,
      payment,
    } = bookingResponseSchema.parse(await created.json());
    const { getBookingStore, getAuditLogStore } = await store();
    const askFor = (id: string) =>
      getBookingStore().updateBooking(id, (current) => ({
        ...current,
        cancellationRequests: [
          ...current.cancellationRequests,
          { requestedAt: new Date().toISOString(), channel: 'website' },
        ],
      }));
    const ask = () => askFor(bookingId);
    // An unpaid draft's request holds no car: it is left out of the inbox.
    const unpaid = await app.request('/api/bookings', { method: 'POST', json: bookingBody() });
    const draft = bookingResponseSchema.parse(await unpaid.json());
    await askFor(draft.bookingId);
    await ask();
    expect(textOf(await (await get('/staff/cancellations', staffCookie)).text())).not.toContain(
      reference,
    );

    const paid = await app.request(`/api/bookings/${bookingId}/sandbox-confirm`, {
      method: 'POST',
      json: {
        clientSecret: payment.clientSecret,
        card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
        termsAccepted: true,
      },
    });
    await expect(paid.json()).resolves.toMatchObject({ status: 'CONFIRMED' });
    const open = textOf(await (await get('/staff/cancellations', staffCookie)).text());
    expect(open).toContain(reference);
    expect(open).toContain('Mark handled');
    expect(open).not.toContain(draft.bookingReferenceId);

    const marked = await post(
      '/staff/cancellations',
      { reference, note: 'Cancelled by phone; full refund.' },
      { Cookie: staffCookie },
    );
    expect(marked.status).toBe(200);
    expect(await marked.text()).toContain(
      `Marked the cancellation request for ${reference} as handled.`,
    );
    await expect(getAuditLogStore().listFor(bookingId)).resolves.toMatchObject([
      {
        by: STAFF,
        action: 'cancellation-request',
        subjectId: bookingId,
        subjectLabel: reference,
        note: 'Cancelled by phone; full refund.',
        before: { handled: false },
        after: { handled: true },
      },
    ]);
    // The booking itself is unchanged but for nothing: one request, as before.
    expect((await getBookingStore().getBooking(bookingId))?.cancellationRequests).toHaveLength(1);

    expect(textOf(await (await get('/staff/cancellations', staffCookie)).text())).not.toContain(
      reference,
    );
    const handled = textOf(
      await (await get('/staff/cancellations?status=handled', staffCookie)).text(),
    );
    expect(handled).toContain(reference);
    expect(handled).toContain('Cancelled by phone; full refund.');

    // Asked again afterwards: open again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ask();
    expect(textOf(await (await get('/staff/cancellations', staffCookie)).text())).toContain(
      reference,
    );
  });
});

describe('who may use the inboxes', () => {
  const pages = ['/staff/feedback', '/staff/applications', '/staff/cancellations'];

  it.each([
    ['a visitor', () => undefined],
    ['a signed-in customer', () => customerCookie],
  ])(
    '%s gets the plain 404 on the pages and the posts, and nothing changes',
    async (who, cookie) => {
      const message = await sendFeedback(`Visitor check by ${who}`);
      for (const path of pages) {
        const page = await get(path, cookie());
        expect(page.status, path).toBe(404);
        expect(page.headers.get('Cache-Control'), path).toBe('private, no-store');
      }
      const headers: Record<string, string> = cookie() ? { Cookie: cookie()! } : {};
      for (const path of ['/staff/feedback', '/staff/applications']) {
        const response = await post(path, { id: message.id, status: 'done', note: 'x' }, headers);
        expect(response.status, path).toBe(404);
      }
      const marked = await post('/staff/cancellations', { reference: 'MH3K9Q2A' }, headers);
      expect(marked.status).toBe(404);
      const { getFeedbackStore, getAuditLogStore } = await store();
      expect((await getFeedbackStore().getFeedback(message.id))?.handling).toBeUndefined();
      await expect(getAuditLogStore().listFor(message.id)).resolves.toEqual([]);
    },
  );

  // An Origin naming another host is stopped before any action: by the server in front of Remix
  // (server/cross-site-forms.ts) and by Remix's own host check. These reach the action, which
  // refuses them itself: this host under another scheme, and another site named only by Referer.
  it.each([
    ['Origin https://localhost', { Origin: 'https://localhost' }],
    [
      'no Origin and a foreign Referer',
      { Origin: undefined, Referer: 'https://attacker.example/' },
    ],
  ])('refuses a staff post with %s (403) and changes nothing', async (origin, headers) => {
    const message = await sendFeedback(`Lovely trip to the Gold Coast (${origin}).`);
    for (const [path, form] of [
      ['/staff/feedback', { id: message.id, status: 'done', note: 'Forged' }],
      ['/staff/cancellations', { reference: 'MH3K9Q2A', note: 'Forged' }],
    ] as const) {
      const response = await post(path, form, { Cookie: staffCookie, ...headers });
      expect(response.status, path).toBe(403);
      expect(textOf(await response.text()), path).toContain(messages.accounts.crossSiteRefused);
    }
    const { getFeedbackStore, getAuditLogStore } = await store();
    expect((await getFeedbackStore().getFeedback(message.id))?.handling).toBeUndefined();
    await expect(getAuditLogStore().listRecent()).resolves.not.toContainEqual(
      expect.objectContaining({ note: 'Forged' }),
    );
    const open = textOf(await (await get('/staff/feedback', staffCookie)).text());
    expect(open).toContain(`Lovely trip to the Gold Coast (${origin}).`);
  });
});
