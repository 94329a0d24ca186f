// Two instances of the production server behind one "load balancer" (this test), on the hosted
// adapters: Firestore and Firebase Auth on their emulators, Stripe on a local stub of its API. What
// one instance counts, the other sees: sign-in attempts and booking lookups spread over both are
// limited exactly as on one; 50 concurrent bookings spread over both get 50 distinct references;
// one Stripe event delivered to both sends one confirmation email. Skipped, with the reason, when
// an emulator cannot start.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  firebaseToolsAvailable,
  firebaseToolsSkipReason,
  startAuthEmulator,
  type AuthEmulator,
} from '../support/firebase-auth-emulator';
import {
  firestoreEmulatorAvailable,
  firestoreEmulatorSkipReason,
  freePort,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../support/firestore-emulator';
import {
  paymentIntentEvent,
  signStripePayload,
  startStripeStub,
  stripeModeEnv,
  type StripeStub,
} from '../support/stripe-stub';
import { ordinaryDayAhead } from '../support/ordinary-days';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PROJECT_ID = 'demo-business-chauffeur-pair';
const WEBHOOK_SECRET = 'whsec_two_instances';
const PASSWORD = 'Harbour#2031';

interface Instance {
  origin: string;
  child: ChildProcess;
  output: () => string;
}

let firestore: FirestoreEmulator | undefined;
let auth: AuthEmulator | undefined;
let stripe: StripeStub | undefined;
let dataDir = '';
let instances: Instance[] = [];
let skipReason: string | undefined;

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Both answer as one site, as behind a load balancer.
      SITE_URL: origin,
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`An instance exited: ${stderr}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { origin, child, output: () => stderr };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`An instance did not start within 60 s: ${stderr}`);
}

async function stopInstance(instance: Instance) {
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(timer);
}

test.beforeAll(async () => {
  // Two emulators (the Auth one starts firebase-tools) and two servers on a busy machine.
  test.setTimeout(180_000);
  if (!firestoreEmulatorAvailable) skipReason = firestoreEmulatorSkipReason;
  else if (!firebaseToolsAvailable) skipReason = firebaseToolsSkipReason;
  if (skipReason) return;
  try {
    [firestore, auth, stripe] = await Promise.all([
      startFirestoreEmulator(),
      startAuthEmulator(PROJECT_ID),
      startStripeStub(),
    ]);
  } catch (error) {
    skipReason = `an emulator could not start: ${(error as Error).message.split('\n')[0]}`;
    return;
  }
  dataDir = mkdtempSync(path.join(tmpdir(), 'bc-two-instances-'));
  const env = {
    METADATA_SERVER_DETECTION: 'none',
    SESSION_SECRET: 'two-instances-share-this-session-secret-0123',
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: firestore.host,
    FIREBASE_API_KEY: 'demo-key',
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    ...stripeModeEnv(stripe, { key: 'two_instances', webhookSecret: WEBHOOK_SECRET }),
    RECONCILE_ON_START: 'false',
    // 50 bookings come from one address here; the other limits keep their defaults.
    LIMIT_BOOKINGS_PER_HOUR: '1000',
  };
  instances = await Promise.all([startInstance(env), startInstance(env)]);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await Promise.all(instances.map(stopInstance));
  await Promise.all([firestore?.stop(), auth?.stop(), stripe?.close()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.beforeEach(() => {
  test.skip(Boolean(skipReason), `Skipped: ${skipReason}`);
});

/** Request i goes to instance i mod 2, as a round-robin balancer would send it. */
const instanceFor = (index: number) => instances[index % instances.length] as Instance;

/**
 * The client address a request claims to come from, through the load balancer's X-Forwarded-For
 * (believed from loopback, as from a balancer on a private network).
 */
const client = (index: number) => ({ 'X-Forwarded-For': `203.0.113.${index + 1}` });

function postForm(
  instance: Instance,
  pathname: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${instance.origin}${pathname}`, {
    method: 'POST',
    headers: {
      Origin: instance.origin,
      'Content-Type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

function postJson(
  instance: Instance,
  pathname: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${instance.origin}${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function statuses(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

test('sign-in attempts spread over both instances are limited as on one', async () => {
  const email = 'pair.sign-in@example.com';
  const signUp = await postForm(instanceFor(0), '/signup', {
    firstName: 'Ngaio',
    lastName: 'Marsh',
    email,
    confirmEmail: email,
    password: PASSWORD,
  });
  expect(signUp.status, instanceFor(0).output()).toBe(302);

  // 40 guesses at one account from 40 addresses, half through each instance: the account's limit
  // (10 in 15 minutes) lets exactly 10 be checked.
  const responses = await Promise.all(
    Array.from({ length: 40 }, (_, index) =>
      postForm(
        instanceFor(index),
        '/signin?resetFlag=false',
        { intent: 'signin', email, password: 'Wrong#Guess1' },
        client(index),
      ),
    ),
  );
  expect(statuses(responses)).toEqual({ 401: 10, 429: 30 });
  // Either instance now refuses even the right password for this account.
  for (const instance of instances) {
    const right = await postForm(
      instance,
      '/signin?resetFlag=false',
      { intent: 'signin', email, password: PASSWORD },
      client(100),
    );
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('Retry-After'))).toBeGreaterThan(0);
  }
});

test('booking lookups spread over both instances are limited as on one', async () => {
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      postJson(
        instanceFor(index),
        '/api/bookings/lookup',
        {
          email: 'pair.lookup@example.com',
          bookingNumber: `ABCDEF${String(index).padStart(2, '0')}`,
        },
        client(index),
      ),
    ),
  );
  // 10 a minute per email, whichever instance answers and whatever address asks.
  expect(statuses(responses)).toEqual({ 404: 10, 429: 10 });
  // And 10 a minute per address: one address, a new email each time, over both instances.
  const fromOne = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      postJson(
        instanceFor(index),
        '/api/bookings/lookup',
        { email: `pair.lookup${index}@example.com`, bookingNumber: 'ABCDEFGH' },
        client(200),
      ),
    ),
  );
  expect(statuses(fromOne)).toEqual({ 404: 10, 429: 10 });
});

test('50 concurrent bookings over both instances get 50 references; one event, one email', async () => {
  const date = ordinaryDayAhead(3);
  // Places as the widget finds them: the first suggestion for what the customer typed.
  const place = async (text: string) => {
    const response = await fetch(
      `${instanceFor(0).origin}/api/places?q=${encodeURIComponent(text)}`,
    );
    const { suggestions } = (await response.json()) as {
      suggestions: { placeId: string; description: string }[];
    };
    expect(suggestions.length, text).toBeGreaterThan(0);
    return suggestions[0];
  };
  const quoteResponse = await postJson(instanceFor(0), '/api/quotes', {
    pickup: await place('Brisbane Airport'),
    flightNumber: 'QF 512',
    drop: { ...(await place('Surfers Paradise')), details: '1 Cavill Avenue' },
    stops: [],
    date,
    time: '10:00',
    passengers: 2,
    byTheHour: false,
    hours: 0,
    notes: '',
  });
  expect(quoteResponse.status, await quoteResponse.clone().text()).toBe(200);
  const quote = (await quoteResponse.json()) as {
    quoteToken: string;
    vehicles: { id: string; canCarry: boolean; totalCents: number | null }[];
  };
  const vehicle = quote.vehicles.find((card) => card.canCarry && card.totalCents !== null);
  expect(vehicle).toBeTruthy();

  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      postJson(
        instanceFor(index),
        '/api/bookings',
        {
          quoteToken: quote.quoteToken,
          vehicleId: vehicle?.id,
          passenger: {
            firstName: 'Guest',
            lastName: `Number${index}`,
            email: `pair.guest${index}@example.com`,
            countryCode: '+61',
            mobileNumber: '0412345678',
          },
          onBehalf: false,
          bookingPerson: null,
        },
        { 'Idempotency-Key': `two-instances-${index}-${Date.now()}` },
      ),
    ),
  );
  expect(statuses(responses)).toEqual({ 201: 50 });
  const bookings = (await Promise.all(responses.map((response) => response.json()))) as {
    bookingReferenceId: string;
    payment: { paymentIntentId: string };
  }[];
  expect(new Set(bookings.map((booking) => booking.bookingReferenceId)).size).toBe(50);

  // Stripe delivers one event; both instances receive it (a retry that reached the other one).
  const booking = bookings[0];
  const intent = stripe?.intents.get(booking?.payment.paymentIntentId ?? '');
  expect(intent).toBeTruthy();
  if (!booking || !intent) return;
  const payload = JSON.stringify(paymentIntentEvent('payment_intent.succeeded', intent));
  const deliveries = await Promise.all(
    instances.map((instance) =>
      fetch(`${instance.origin}/api/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': signStripePayload(payload, WEBHOOK_SECRET),
        },
        body: payload,
      }),
    ),
  );
  expect(
    deliveries.map((response) => response.status),
    instances.map((instance) => instance.output()).join('\n'),
  ).toEqual([200, 200]);

  const outbox = path.join(dataDir, 'outbox');
  const emailsAbout = () =>
    readdirSync(outbox, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.eml'))
      .map((entry) => readFileSync(path.join(outbox, entry.name), 'utf8'))
      // The customer's emails only: the operations inbox hears of each new paid booking too.
      .filter(
        (email) =>
          email.includes(booking.bookingReferenceId) &&
          !/^To: .*bookings@businesschauffeur\.example/im.test(email),
      );
  await expect.poll(() => emailsAbout().length, { timeout: 15_000 }).toBe(1);
  // Nothing more arrives later (a second sender would be a moment behind the first).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(emailsAbout()).toHaveLength(1);
});
