// The booking API under load, as the widget calls it: GET /api/places (address suggestions),
// POST /api/quotes (fares for a trip) and POST /api/bookings (a DRAFT booking saved in SQLite with
// its sandbox payment), each at 50 concurrent connections. Each request comes from a client
// address of its own (X-Forwarded-For, believed from loopback as from a load balancer), so the
// per-client limits stay at their production values and count as they would for many visitors:
// the load measures the server with its limiter, as a busy day would. Afterwards the bench reads
// the SQLite file and checks that every booking it made was stored once, under its own reference.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { cannon, summarise } from './load.mjs';
import { mark, printTable } from './support.mjs';

/** Queries the gazetteer knows (the embedded places adapter), all long enough to be looked up. */
const PLACE_QUERIES = [
  'Brisbane Airport',
  'South Bank',
  'Surfers Paradise',
  'Gold Coast Airport',
  'Noosa',
  'Fortitude Valley',
  'Hilton',
  'Toowong',
];

/** A Brisbane calendar date `days` from now, YYYY-MM-DD (the booking rules use Brisbane time). */
function brisbaneDate(days) {
  return new Date(Date.now() + days * 24 * 3600_000).toLocaleDateString('en-CA', {
    timeZone: 'Australia/Brisbane',
  });
}

let clients = 0;
/** A client address not used before in this run (10.0.0.1, 10.0.0.2, …). */
function nextClient() {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/** An autocannon request whose every sending comes from a new client address. */
function fromManyClients(request) {
  return {
    ...request,
    setupRequest(sent) {
      return { ...sent, headers: { ...sent.headers, 'x-forwarded-for': nextClient() } };
    },
  };
}

async function firstPlace(base, query) {
  const response = await fetch(new URL(`/api/places?q=${encodeURIComponent(query)}`, base));
  if (!response.ok) throw new Error(`GET /api/places?q=${query} answered ${response.status}.`);
  const { suggestions } = await response.json();
  if (!suggestions?.[0]) throw new Error(`No place for "${query}".`);
  return suggestions[0];
}

/** A step-1 body for POST /api/quotes: a trip three days ahead, with real place ids. */
async function quoteRequest(base) {
  const [pickup, stop, drop] = await Promise.all([
    firstPlace(base, 'Brisbane Airport Domestic'),
    firstPlace(base, 'South Bank'),
    firstPlace(base, 'Surfers Paradise'),
  ]);
  return {
    pickup,
    // An airport pickup has its flight; a suburb its exact address.
    flightNumber: 'QF 512',
    drop: { ...drop, details: '1 Cavill Avenue' },
    stops: [{ enabled: true, ...stop, details: '1 Grey Street' }],
    date: brisbaneDate(3),
    time: '10:00',
    passengers: 2,
    byTheHour: false,
    hours: 0,
    notes: 'Bench',
  };
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * Books `amount` distinct bookings (each with its own passenger email and Idempotency-Key, so the
 * server's de-duplication does not fold them), and collects the 201 answers' references.
 * `amount` rather than a duration: every request's answer is read before autocannon stops, so
 * the bookings the server stored and the 201s the bench saw can be compared exactly.
 */
async function book({ base, connections, amount, quoteToken, vehicleId, emailPrefix, next, seen }) {
  const result = await cannon({
    url: new URL('/api/bookings', base).href,
    connections,
    amount,
    requests: [
      {
        method: 'POST',
        headers: JSON_HEADERS,
        setupRequest(request) {
          const n = next();
          return {
            ...request,
            headers: {
              ...JSON_HEADERS,
              'idempotency-key': `${emailPrefix}-${n}`,
              'x-forwarded-for': nextClient(),
            },
            body: JSON.stringify({
              quoteToken,
              vehicleId,
              passenger: {
                firstName: 'Bench',
                lastName: `Client ${n}`,
                email: `${emailPrefix}.${n}@example.com`,
                countryCode: '+61',
                mobileNumber: '0412345678',
              },
              onBehalf: false,
              bookingPerson: null,
            }),
          };
        },
        onResponse(status, body) {
          if (status === 201) seen.references.push(JSON.parse(body).bookingReferenceId);
          else if (status === 200) seen.repeats += 1;
        },
      },
    ],
  });
  return result;
}

/** Reads the bookings this run made from the SQLite store, read-only. */
function storedBookings(dataDir, emailPrefix) {
  const file = path.join(dataDir, 'store.sqlite');
  if (!existsSync(file)) return { error: `No SQLite store at ${file}.` };
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db
      .prepare(
        `SELECT reference, json_extract(document, '$.passengerDetails.email') AS email
           FROM bookings WHERE json_extract(document, '$.passengerDetails.email') LIKE ?`,
      )
      .all(`${emailPrefix}.%`);
    return { rows };
  } finally {
    db.close();
  }
}

/**
 * @param {{ base: string, dataDir: string, connections: number, durationSeconds: number,
 *   warmupSeconds: number, bookings: number }} options
 */
export async function runApi({
  base,
  dataDir,
  connections,
  durationSeconds,
  warmupSeconds,
  bookings,
}) {
  const settings = { connections, duration: durationSeconds };
  const endpoints = [];

  // GET /api/places, cycling through the queries.
  process.stderr.write('API: GET /api/places …\n');
  const places = {
    url: base,
    requests: PLACE_QUERIES.map((q) =>
      fromManyClients({ method: 'GET', path: `/api/places?q=${encodeURIComponent(q)}` }),
    ),
  };
  if (warmupSeconds > 0) await cannon({ ...places, connections, duration: warmupSeconds });
  endpoints.push({
    endpoint: 'GET /api/places',
    ...summarise(await cannon({ ...places, ...settings })),
  });

  // POST /api/quotes, the same trip each time (each answer is a new signed quote).
  process.stderr.write('API: POST /api/quotes …\n');
  const tripBody = await quoteRequest(base);
  const quotes = {
    url: new URL('/api/quotes', base).href,
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(tripBody),
    requests: [
      fromManyClients({ method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(tripBody) }),
    ],
  };
  if (warmupSeconds > 0) await cannon({ ...quotes, connections, duration: warmupSeconds });
  endpoints.push({
    endpoint: 'POST /api/quotes',
    ...summarise(await cannon({ ...quotes, ...settings })),
  });

  // POST /api/bookings on one quote, each request a different passenger.
  process.stderr.write('API: POST /api/bookings …\n');
  const quoteResponse = await fetch(quotes.url, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: quotes.body,
  });
  if (!quoteResponse.ok) throw new Error(`POST /api/quotes answered ${quoteResponse.status}.`);
  const quote = await quoteResponse.json();
  const vehicle = quote.vehicles.find((card) => card.canCarry && card.fare !== null);
  if (!vehicle) throw new Error('The quote priced no vehicle.');
  const emailPrefix = `bench-${randomUUID().slice(0, 8)}`;
  let counter = 0;
  const seen = { references: [], repeats: 0 };
  const bookingOptions = {
    base,
    connections,
    quoteToken: quote.quoteToken,
    vehicleId: vehicle.id,
    emailPrefix,
    next: () => ++counter,
    seen,
  };
  if (warmupSeconds > 0) await book({ ...bookingOptions, amount: connections * 2 });
  const bookingRun = await book({ ...bookingOptions, amount: bookings });
  endpoints.push({ endpoint: 'POST /api/bookings', ...summarise(bookingRun) });

  // Every booking made (warm-up included) is stored once, under a reference of its own.
  const stored = storedBookings(dataDir, emailPrefix);
  const created = seen.references.length;
  const uniqueReferences = new Set(seen.references).size;
  const storedReferences = new Set((stored.rows ?? []).map((row) => row.reference));
  const storedEmails = new Set((stored.rows ?? []).map((row) => row.email));
  const rows = stored.rows?.length ?? null;
  const uniqueness = {
    created201: created,
    repeated200: seen.repeats,
    distinctReferencesAnswered: uniqueReferences,
    storedRows: rows,
    distinctReferencesStored: storedReferences.size,
    distinctPassengersStored: storedEmails.size,
    answeredReferencesAllStored: seen.references.every((reference) =>
      storedReferences.has(reference),
    ),
    error: stored.error,
  };
  uniqueness.ok =
    !stored.error &&
    created > 0 &&
    seen.repeats === 0 &&
    rows === created &&
    uniqueReferences === created &&
    storedReferences.size === rows &&
    storedEmails.size === rows &&
    uniqueness.answeredReferencesAllStored;

  const errorFree = endpoints.every((item) => item.non2xx === 0 && item.errors === 0);
  return { connections, durationSeconds, bookings, endpoints, errorFree, uniqueness };
}

export function printApi(api) {
  console.log(
    `\nBooking API under load (${api.connections} connections; places and quotes ` +
      `${api.durationSeconds} s each, bookings ${api.bookings} requests)`,
  );
  printTable(
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', '0 errors'],
    api.endpoints.map((item) => [
      item.endpoint,
      item.requestsPerSecond,
      item.latencyMs.p50,
      item.latencyMs.p99,
      item.requests,
      item.non2xx,
      item.errors,
      mark(item.non2xx === 0 && item.errors === 0),
    ]),
  );
  const u = api.uniqueness;
  console.log(
    `${mark(u.ok)} bookings stored once with unique references: ${u.created201} answered 201 ` +
      `(${u.distinctReferencesAnswered} distinct references, ${u.repeated200} answered 200 as ` +
      `repeats), ${u.storedRows ?? 'n/a'} rows in SQLite (${u.distinctReferencesStored} distinct ` +
      `references, ${u.distinctPassengersStored} distinct passengers)` +
      (u.error ? `; ${u.error}` : ''),
  );
}
