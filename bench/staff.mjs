// The staff views at scale: seeds BENCH_STAFF_BOOKINGS (100,000) bookings into a fresh SQLite store
// and into the Firestore emulator, then times the three store queries the operations pages make
// (docs/decisions/043-staff-views-query-the-store.md): the first page of /staff (today on, drafts
// left out), a search by a surname's first letters, and a month's report by day. Each is run
// several times on the same store; the first (cold) and the median of the rest are printed.
//
// The store's own modules (TypeScript) are loaded through Vite, as the integration tests load
// them; the bookings are written as the stores write them (toStoredBooking), in bulk rather than
// one createBooking each, so seeding takes seconds on SQLite rather than an fsync per booking.
// Without the emulator the Firestore half is skipped with the reason.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'vite';
import { mark, printTable, root, round } from './support.mjs';

const FIRST_NAMES = [
  'Ngaio',
  'Aroha',
  'Mere',
  'Wiremu',
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Amelia',
  'Oliver',
  'Isla',
  'Leo',
  'Mia',
  'Henry',
  'Ava',
  'Lucas',
  'Grace',
  'Thomas',
  'Chloe',
  'William',
  'Priya',
  'Arjun',
  'Mei',
  'Wei',
  'Hiroshi',
  'Yuki',
  'Fatima',
  'Omar',
  'Sofia',
  'Mateo',
  'Zoe',
  'Ethan',
];
const LAST_NAMES = [
  "O'Connor-Tāne",
  'Ngata',
  'Walker',
  'Smith',
  'Nguyen',
  'Brown',
  'Wilson',
  'Taylor',
  'Kelly',
  'Murphy',
  'Chen',
  'Wang',
  'Singh',
  'Patel',
  'Kaur',
  'Tanaka',
  'Rossi',
  'García',
  'Müller',
  'Johansson',
  'Fitzgerald',
  'McDonald',
  'Robinson',
  'Campbell',
  'Stewart',
  'Anderson',
  'Thompson',
  'White',
  'Harris',
  'Martin',
  'Jackson',
  'Clarke',
  'Lewis',
  'Young',
  'King',
  'Wright',
  'Scott',
];
const PARTNERS = [
  'riverside-grand (https://riverside.example)',
  'harbour-lodge (https://harbour.example)',
  'noosa-weddings (https://noosa-weddings.example)',
  'sunshine-travel (https://sunshine-travel.example)',
  'gold-coast-events (https://gc-events.example)',
];
// How often each status occurs: drafts are the most common, as in the attack that started this.
const STATUSES = [
  ['DRAFT', 0.55],
  ['CONFIRMED', 0.25],
  ['COMPLETED', 0.1],
  ['REJECTED', 0.05],
  ['CANCELLED', 0.03],
  ['NO_SHOW', 0.02],
];
const PAID = new Set(['CONFIRMED', 'COMPLETED', 'CANCELLED', 'NO_SHOW']);
/** How many times each query runs on each store (the first is cold); the emulator is slow. */
const RUNS = { sqlite: 6, firestore: 3 };

/** A small deterministic generator (mulberry32): the same bookings on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 24 * 3600_000;
const brisbaneDate = (ms) =>
  new Date(ms).toLocaleDateString('en-CA', { timeZone: 'Australia/Brisbane' });

/** `count` bookings over the past year and the next, as the domain booking (with id and reference). */
function makeBookings(count, { sampleNewBooking, newDocumentId }) {
  const next = random(43);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const now = Date.now();
  const base = sampleNewBooking();
  const bookings = [];
  for (let index = 0; index < count; index += 1) {
    let roll = next();
    const status = STATUSES.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'DRAFT';
    const createdMs = now - Math.floor(next() * 400 * DAY);
    const pickupMs = createdMs + Math.floor(next() * 120 * DAY);
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const fareCents = 8000 + Math.floor(next() * 60000);
    const createdAt = new Date(createdMs).toISOString();
    const paidAt = new Date(createdMs + 5 * 60_000).toISOString();
    const paid = PAID.has(status);
    const asked = next() < 0.03;
    bookings.push({
      ...sampleNewBooking({
        status,
        statusHistory: [{ status: 'DRAFT', at: createdAt }],
        trip: {
          ...base.trip,
          date: brisbaneDate(pickupMs),
          time: `${String(5 + Math.floor(next() * 17)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`,
        },
        contacts: {
          passenger: {
            firstName,
            lastName,
            email:
              `${firstName}.${lastName.replace(/[^A-Za-z]/g, '')}${index}@example.com`.toLowerCase(),
            countryCode: '+61',
            mobileNumber: `04${String(10_000_000 + index).padStart(8, '0')}`,
          },
          booker: null,
        },
        fareCents,
        partner: next() < 0.4 ? pick(PARTNERS) : null,
        refundCents: status === 'CANCELLED' && next() < 0.5 ? Math.floor(fareCents / 2) : null,
        paymentAttempts: paid
          ? [
              {
                eventId: `evt_bench_${index}`,
                outcome: 'succeeded',
                paymentIntentId: `pi_bench_${index}`,
                amountCents: fareCents,
                currency: 'aud',
                occurredAt: paidAt,
                recordedAt: paidAt,
                errorCode: null,
                errorMessage: null,
                cardBrand: 'visa',
                cardLast4: '4242',
              },
            ]
          : [],
        cancellationRequests: asked ? [{ requestedAt: paidAt, channel: 'website' }] : [],
        idempotencyKey: `bench:${index}`,
        requestFingerprint: `bench:${index}`,
        createdAt,
        updatedAt: paid ? paidAt : createdAt,
      }),
      id: newDocumentId(),
      // Base 36 as the store makes them (8 characters), one per booking.
      reference: (1_700_000_000_000 + index * 7919).toString(36).toUpperCase(),
    });
  }
  return bookings;
}

/** The cold time and the median of the warm ones, in ms, of `runs` runs of `query`. */
async function timed(query, runs) {
  const times = [];
  let answer;
  for (let run = 0; run < runs; run += 1) {
    const start = process.hrtime.bigint();
    answer = await query();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  return {
    coldMs: round(times[0], 1),
    medianMs: round(warm[Math.floor(warm.length / 2)], 1),
    answer,
  };
}

/** The three staff queries on one store, and what they found. */
async function measure(store, runs) {
  const today = brisbaneDate(Date.now());
  const month = today.slice(0, 7);
  const lastDay = new Date(
    Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0),
  ).getUTCDate();
  const list = await timed(
    () => store.listStaffBookings({ status: 'not-draft', pickupFrom: today }),
    runs,
  );
  const search = await timed(
    () => store.listStaffBookings({ status: 'not-draft', search: 'nguy' }),
    runs,
  );
  const report = await timed(
    () =>
      store.summarizePayments({
        paidFrom: `${month}-01`,
        paidTo: `${month}-${String(lastDay).padStart(2, '0')}`,
        by: 'day',
      }),
    runs,
  );
  return {
    list: { coldMs: list.coldMs, medianMs: list.medianMs, found: list.answer.total },
    search: { coldMs: search.coldMs, medianMs: search.medianMs, found: search.answer.total },
    report: {
      coldMs: report.coldMs,
      medianMs: report.medianMs,
      found: report.answer.reduce((sum, row) => sum + row.bookings, 0),
    },
  };
}

async function seedSqlite(modules, bookings, dir) {
  const { createSqliteBookingStore, sqliteStorePath, openSqliteDatabase, toStoredBooking } =
    modules;
  const filename = sqliteStorePath(dir);
  // Opening the store creates the file and runs every migration.
  await createSqliteBookingStore({ filename }).close();
  const db = openSqliteDatabase(filename);
  const insert = db.prepare(
    `INSERT INTO bookings (id, reference, idempotency_key, status, created_at, document)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const start = Date.now();
  db.exec('BEGIN');
  for (const booking of bookings) {
    insert.run(
      booking.id,
      booking.reference,
      booking.idempotencyKey,
      booking.status,
      booking.createdAt,
      JSON.stringify(toStoredBooking(booking)),
    );
  }
  db.exec('COMMIT');
  db.close();
  const seedMs = Date.now() - start;
  const store = createSqliteBookingStore({ filename });
  try {
    return { seedMs, ...(await measure(store, RUNS.sqlite)) };
  } finally {
    await store.close();
  }
}

async function seedFirestore(modules, bookings) {
  const {
    createFirestoreBookingStore,
    openFirestore,
    startFirestoreEmulator,
    toStoredBooking,
    partnerDocumentId,
    COLLECTIONS,
  } = modules;
  const emulator = await startFirestoreEmulator(60_000);
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  const options = { projectId: 'demo-business-chauffeur-bench', emulatorHost: emulator.host };
  const { db, close } = openFirestore(options, 'bench-seed');
  const store = createFirestoreBookingStore(options);
  try {
    const start = Date.now();
    const writer = db.bulkWriter();
    const bookingsCollection = db.collection(COLLECTIONS.bookings);
    for (const booking of bookings) {
      void writer.set(bookingsCollection.doc(booking.id), toStoredBooking(booking));
    }
    for (const partner of PARTNERS) {
      void writer.set(db.collection(COLLECTIONS.bookingPartners).doc(partnerDocumentId(partner)), {
        partner,
      });
    }
    await writer.close();
    const seedMs = Date.now() - start;
    return { seedMs, ...(await measure(store, RUNS.firestore)) };
  } finally {
    await store.close();
    await close();
    await emulator.stop();
    delete process.env.FIRESTORE_EMULATOR_HOST;
  }
}

/**
 * Seeds SQLite with `count` bookings and the emulator with `firestoreCount` (the first of the same
 * bookings), and times the three queries on each.
 */
export async function runStaff({ count, firestoreCount = count }) {
  const vite = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    // No websocket: nothing reloads, and a second Vite on the machine would hold its port.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-staff-'));
  try {
    const load = (file) => vite.ssrLoadModule(file);
    const [
      sqlite,
      sqliteDatabase,
      stored,
      ids,
      fixtures,
      firestore,
      firebaseApp,
      emulator,
      queries,
      collections,
    ] = await Promise.all(
      [
        '/app/store/sqlite-booking-store.server.ts',
        '/app/store/sqlite-database.server.ts',
        '/app/store/stored-booking.server.ts',
        '/app/store/booking-ids.server.ts',
        '/tests/support/booking-fixtures.ts',
        '/app/store/firestore-booking-store.server.ts',
        '/app/store/firebase-app.server.ts',
        '/tests/support/firestore-emulator.ts',
        '/app/store/firestore-staff-queries.server.ts',
        '/app/store/collections.server.ts',
      ].map(load),
    );
    const modules = {
      ...sqlite,
      ...sqliteDatabase,
      ...stored,
      ...ids,
      ...fixtures,
      ...firestore,
      ...firebaseApp,
      ...emulator,
      ...queries,
      ...collections,
    };
    const bookings = makeBookings(count, modules);
    const result = { bookings: count, sqlite: await seedSqlite(modules, bookings, dir) };
    if (!modules.firestoreEmulatorAvailable) {
      result.firestore = { skipped: modules.firestoreEmulatorSkipReason };
    } else {
      process.env.METADATA_SERVER_DETECTION = 'none';
      result.firestore = {
        bookings: Math.min(firestoreCount, count),
        ...(await seedFirestore(modules, bookings.slice(0, firestoreCount))),
      };
    }
    return result;
  } finally {
    await vite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The aim: each query's warm median under 300 ms on SQLite. */
export const STAFF_AIM_MS = 300;

export function printStaff(result) {
  console.log(
    '\nStaff views (ms: the first run / the median of the next ' +
      `${RUNS.sqlite - 1} on SQLite, ${RUNS.firestore - 1} on the emulator)`,
  );
  const rows = [];
  for (const [name, figures] of [
    ['SQLite', { bookings: result.bookings, ...result.sqlite }],
    ['Firestore emulator', result.firestore],
  ]) {
    if (figures.skipped) {
      console.log(`${name}: skipped (${figures.skipped})`);
      continue;
    }
    const cell = (query) => `${query.coldMs} / ${query.medianMs}`;
    rows.push([
      name,
      figures.bookings,
      round(figures.seedMs / 1000, 1),
      cell(figures.list),
      figures.list.found,
      cell(figures.search),
      figures.search.found,
      cell(figures.report),
      figures.report.found,
      name === 'SQLite'
        ? mark(
            [figures.list, figures.search, figures.report].every((q) => q.medianMs < STAFF_AIM_MS),
          )
        : '',
    ]);
  }
  printTable(
    [
      'store',
      'bookings',
      'seed s',
      'first list page',
      'listed',
      'search "nguy"',
      'found',
      'month report',
      'paid',
      `<${STAFF_AIM_MS} ms`,
    ],
    rows,
  );
}
