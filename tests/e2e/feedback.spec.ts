// Feedback & Complaints on /contact in the browser: every required message, the exact success
// text and the emptied form, the staff email, the prefill for a signed-in customer, a store that
// fails (the text typed is kept), the honeypot and the limit.
//
// The store failure is real: the test adds a trigger to the e2e server's SQLite file that makes
// SQLite refuse to insert one particular message (matched by its subject), so the site's INSERT
// fails inside SQLite exactly as it would on a full disk or a locked file. No test switch exists
// in the application; other tests' messages are unaffected.
import { DatabaseSync } from 'node:sqlite';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures';
import {
  newPerson,
  outboxMessages,
  signUp,
  staffMailAbout,
  STORE_FILE,
  storedDocuments,
  uniqueClientAddress,
  uniqueEmail,
  useOwnClientAddress,
  waitForMail,
} from './account-helpers';

const SUCCESS =
  'Your feedback has been submitted succesfully. Business Chauffeur team will contact you shortly!';

test.use({ allowedConsoleErrors: [/the server responded with a status of (400|429|503)/] });

test.beforeEach(async ({ page }) => {
  await useOwnClientAddress(page);
});

const form = (page: Page) => page.getByRole('form', { name: 'Feedback & Complaints' });

interface Typed {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

function someFeedback(): Typed {
  return {
    firstName: 'Arthur',
    lastName: 'Upfield',
    email: uniqueEmail('feedback'),
    phone: '0400 111 222',
    subject: `Airport pickup ${randomUUID().slice(0, 8)}`,
    message: 'The driver waited at arrivals with a sign.\nThank you for a calm ride home.',
  };
}

async function fill(page: Page, typed: Partial<Typed>) {
  const labels: Record<keyof Typed, string> = {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone number',
    subject: 'Subject',
    message: 'Message',
  };
  for (const [key, value] of Object.entries(typed) as [keyof Typed, string][]) {
    await form(page).getByLabel(labels[key], { exact: true }).fill(value);
  }
}

async function expectValues(page: Page, typed: Typed) {
  await expect(form(page).getByLabel('First name')).toHaveValue(typed.firstName);
  await expect(form(page).getByLabel('Last name')).toHaveValue(typed.lastName);
  await expect(form(page).getByLabel('Email', { exact: true })).toHaveValue(typed.email);
  await expect(form(page).getByLabel('Phone number')).toHaveValue(typed.phone);
  await expect(form(page).getByLabel('Subject')).toHaveValue(typed.subject);
  await expect(form(page).getByLabel('Message')).toHaveValue(typed.message);
}

const savedFeedback = (subject: string) => storedDocuments('user_feedback', '$.subject', subject);

test('each field is required, with the specification’s messages', async ({ page }) => {
  await page.goto('/contact');
  await form(page).getByRole('button', { name: 'Submit' }).click();
  const expected: [string, string][] = [
    ['First name', 'Firstname is required.'],
    ['Last name', 'Lastname is required.'],
    ['Email', 'Email is required.'],
    ['Phone number', 'Phone number is required.'],
    ['Subject', 'Subject is required.'],
    ['Message', 'Message is required.'],
  ];
  for (const [label, message] of expected) {
    const field = form(page).getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(message);
  }
  await expect(form(page).getByLabel('First name')).toBeFocused();
  await fill(page, { email: 'arthur@example' });
  await expect(form(page).getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
    'Please enter the valid email address.',
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('success shows the exact text, empties the form, saves the spec’s fields and emails staff', async ({
  page,
}) => {
  const typed = someFeedback();
  await page.goto('/contact');
  await fill(page, typed);
  await form(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText(SUCCESS);
  await expect(page.getByRole('status')).toBeFocused();
  await expect(form(page).getByLabel('Subject')).toHaveValue('');
  await expect(form(page).getByLabel('Message')).toHaveValue('');

  const [saved] = savedFeedback(typed.subject);
  expect(saved).toMatchObject({
    userId: null,
    firstName: typed.firstName,
    lastName: typed.lastName,
    subject: typed.subject,
    message: typed.message,
    // A number is kept in E.164 and shown to staff as people read it.
    contact: { email: typed.email, phone: '+61400111222' },
    creationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });

  const [mail] = await waitForMail(staffMailAbout(typed.subject));
  expect(mail?.headers['reply-to']).toContain(typed.email);
  expect(mail?.text).toContain('The driver waited at arrivals with a sign.');
  expect(mail?.text).toContain('+61 400 111 222');
});

test('a signed-in customer’s name and email are filled in', async ({ page }) => {
  const person = newPerson('feedback-signed-in');
  await signUp(page, person);
  await page.goto('/contact');
  await expect(form(page).getByLabel('First name')).toHaveValue(person.firstName);
  await expect(form(page).getByLabel('Last name')).toHaveValue(person.lastName);
  await expect(form(page).getByLabel('Email', { exact: true })).toHaveValue(person.email);

  const subject = `Wedding cars ${randomUUID().slice(0, 8)}`;
  await fill(page, { phone: '0400 333 444', subject, message: 'Two cars for 14 March?' });
  await form(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText(SUCCESS);
  // Back to its initial state: still filled in for the signed-in customer.
  await expect(form(page).getByLabel('First name')).toHaveValue(person.firstName);
  await expect(form(page).getByLabel('Subject')).toHaveValue('');
  const [saved] = savedFeedback(subject);
  expect(saved?.userId).toEqual(expect.any(String));
  expect(saved?.contact).toEqual({ email: person.email, phone: '+61400333444' });
});

test('when the store fails, the customer is told and keeps everything typed', async ({ page }) => {
  const typed = someFeedback();
  // A first message makes sure the server has created its store.
  await page.goto('/contact');
  await fill(page, { ...someFeedback() });
  await form(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText(SUCCESS);

  const trigger = `e2e_refuse_${randomUUID().replace(/-/g, '')}`;
  const db = new DatabaseSync(STORE_FILE);
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec(`CREATE TRIGGER ${trigger} BEFORE INSERT ON user_feedback
    WHEN json_extract(NEW.document, '$.subject') = '${typed.subject}'
    BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
  try {
    await fill(page, typed);
    await form(page).getByRole('button', { name: 'Submit' }).click();
    const alert = form(page).getByRole('alert');
    await expect(alert).toHaveText(
      'We could not send your feedback just now. Everything you typed is still here: please try again in a moment, or call us on 1300 975 707.',
    );
    await expect(alert).toBeFocused();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectValues(page, typed);
    expect(savedFeedback(typed.subject)).toEqual([]);
  } finally {
    db.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
    db.close();
  }

  // Once the store works again, the same message goes through.
  await form(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText(SUCCESS);
  expect(savedFeedback(typed.subject)).toHaveLength(1);
});

test('a robot filling the hidden field is told it worked, and nothing is kept or sent', async ({
  page,
  baseURL,
}) => {
  const typed = someFeedback();
  const response = await page.request.post('/contact', {
    form: { ...typed, website: 'https://spam.example' },
    headers: { Origin: new URL(baseURL!).origin, 'X-Forwarded-For': uniqueClientAddress() },
  });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain(SUCCESS);
  await page.waitForTimeout(500);
  expect(savedFeedback(typed.subject)).toEqual([]);
  expect(await outboxMessages(staffMailAbout(typed.subject))).toEqual([]);
});

test('at most 5 messages per client address in 10 minutes', async ({ page, baseURL }) => {
  const address = await useOwnClientAddress(page);
  for (let count = 1; count <= 5; count += 1) {
    const response = await page.request.post('/contact', {
      form: { ...someFeedback() },
      headers: { Origin: new URL(baseURL!).origin, 'X-Forwarded-For': address },
    });
    expect(response.status()).toBe(200);
  }
  const typed = someFeedback();
  await page.goto('/contact');
  await fill(page, typed);
  await form(page).getByRole('button', { name: 'Submit' }).click();
  await expect(form(page).getByRole('alert')).toHaveText(
    'You have sent several messages in a short time. Please wait a few minutes and try again, or call us on 1300 975 707.',
  );
  await expectValues(page, typed);
  expect(savedFeedback(typed.subject)).toEqual([]);
});

test('works without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientAddress() },
  });
  const page = await context.newPage();
  await page.goto('/contact');
  await form(page).getByRole('button', { name: 'Submit' }).click();
  await expect(form(page).getByText('Firstname is required.')).toBeVisible();
  await expect(form(page).getByText('Message is required.')).toBeVisible();
  const typed = someFeedback();
  await fill(page, typed);
  await form(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText(SUCCESS);
  await expect(form(page).getByLabel('Subject')).toHaveValue('');
  expect(savedFeedback(typed.subject)).toHaveLength(1);
  await context.close();
});
