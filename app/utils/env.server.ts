// The one place the environment is read. It is parsed with Zod at start-up; each outside service
// (port) gets its hosted adapter only when all of its variables are set, the embedded default when
// none are, and a clear error naming the missing variable when only some are.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

// `new URL` alone accepts "localhost:3000" (read as the scheme "localhost:") and "javascript:…";
// the site builds absolute links and API calls from these, so only web URLs are valid.
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** A number, or undefined when unset (checked by the schema it is piped into). */
const optionalNumber = optionalString.transform((value) =>
  value === undefined ? undefined : Number(value),
);

/** A whole number of at least 1: limits can be raised (a benchmark) but never switched off. */
const positiveCount = optionalNumber.pipe(
  z.number().int().min(1, 'must be a whole number of at least 1').optional(),
);

/** Milliseconds to wait for a hosted service. */
const timeoutMs = optionalNumber.pipe(z.number().int().positive().optional());

const rawSchema = z.object({
  NODE_ENV: optionalString.pipe(
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: optionalString
    .transform((value) => (value === undefined ? 3000 : Number(value)))
    .pipe(z.number().int().min(1).max(65535)),
  SITE_URL: optionalString.pipe(httpUrl.optional()),
  SESSION_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  DATA_DIR: optionalString,
  CONTENT_DATASET_PATH: optionalString,
  PARTNER_ORIGINS: optionalString,

  SANITY_PROJECT_ID: optionalString,
  SANITY_DATASET: optionalString,
  SANITY_API_VERSION: optionalString.pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2025-02-19')
      .optional(),
  ),
  SANITY_API_HOST: optionalString.pipe(httpUrl.optional()),
  SANITY_TIMEOUT_MS: timeoutMs,
  SANITY_API_READ_TOKEN: optionalString,
  /**
   * Where editors open the Studio (https://<name>.sanity.studio): with the read token, it turns on
   * draft mode for its Presentation tool (docs/decisions/052-visual-editing-in-draft-mode.md).
   */
  SANITY_STUDIO_URL: optionalString.pipe(httpUrl.optional()),
  SANITY_WEBHOOK_SECRET: optionalString,

  FIREBASE_PROJECT_ID: optionalString,
  FIREBASE_CLIENT_EMAIL: optionalString,
  FIREBASE_PRIVATE_KEY: optionalString,
  FIREBASE_API_KEY: optionalString,
  FIRESTORE_EMULATOR_HOST: optionalString,
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,

  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_HOST: optionalString.pipe(httpUrl.optional()),
  STRIPE_TIMEOUT_MS: timeoutMs,

  GOOGLE_MAPS_API_KEY: optionalString,
  GOOGLE_MAPS_EMBED_KEY: optionalString,

  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalString,
  STAFF_EMAIL: optionalString.pipe(z.email().optional()),
  /** The operations mobile texted about a same-day booking less than three hours ahead. */
  STAFF_MOBILE: optionalString.pipe(
    z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be a mobile number in E.164 form, such as +61412345678')
      .optional(),
  ),

  TWILIO_ACCOUNT_SID: optionalString.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID: AC and 32 hexadecimal digits')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString.pipe(
    z
      .string()
      .regex(
        /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
        'must be a number in E.164 (+61…), a Messaging Service SID (MG…) or a sender name of up to 11 letters and digits',
      )
      .optional(),
  ),
  TWILIO_API_BASE_URL: optionalString.pipe(httpUrl.optional()),

  LIMIT_PLACES_PER_MINUTE: positiveCount,
  LIMIT_QUOTES_PER_MINUTE: positiveCount,
  LIMIT_BOOKINGS_PER_HOUR: positiveCount,
  LIMIT_PROMO_CODES_PER_HOUR: positiveCount,

  /** The share of page views that report Web Vitals, 0 to 1 (docs/decisions/032). */
  VITALS_SAMPLE_RATE: optionalNumber.pipe(
    z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').optional(),
  ),

  // The HTTP server (server/index.ts).
  HOST: optionalString,
  REMIX_BUILD_DIR: optionalString,
  TRUST_PROXY: optionalString,
  LOG_REQUESTS: optionalString,
  PAGE_CACHE: optionalString,
  RECONCILE_ON_START: optionalString,
  /** Seconds between two settle passes (app/booking/settle-pass.server.ts); 0 turns them off. */
  SETTLE_INTERVAL_SECONDS: optionalNumber.pipe(
    z.number().int().min(0, 'must be a whole number of seconds, 0 or more').optional(),
  ),
  /** Seconds between two runs of the due jobs (app/jobs/); 0 turns them off. */
  JOBS_INTERVAL_SECONDS: optionalNumber.pipe(
    z.number().int().min(0, 'must be a whole number of seconds, 0 or more').optional(),
  ),
});

type RawEnv = z.infer<typeof rawSchema>;

/** Variables that must be set together; the first list decides whether the group is "on". */
const groups: { service: string; required: (keyof RawEnv)[] }[] = [
  { service: 'Sanity (content)', required: ['SANITY_PROJECT_ID', 'SANITY_DATASET'] },
  {
    service: 'Firestore (bookings store)',
    required: ['FIREBASE_PROJECT_ID', 'FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY'],
  },
  {
    service: 'Stripe (payments)',
    required: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
  },
  {
    service: 'Twilio (text messages)',
    required: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
  },
];

export type AppConfig = ReturnType<typeof buildConfig>;

const DEFAULT_SANITY_API_VERSION = '2025-02-19';

/**
 * Express's `trust proxy` setting from TRUST_PROXY: a hop count ("1"), true/false, or addresses
 * and subnets ("loopback, 10.0.0.0/8"). Unset, X-Forwarded-For is believed only from proxies on
 * loopback or private networks (a load balancer in front of the site), so a client on the internet
 * cannot pick its own address to dodge rate limits.
 */
function trustProxyOf(value: string | undefined): boolean | number | string {
  if (value === undefined) return 'loopback, linklocal, uniquelocal';
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

function buildConfig(env: RawEnv) {
  const emulatedFirestore = Boolean(env.FIREBASE_PROJECT_ID && env.FIRESTORE_EMULATOR_HOST);
  const firestore =
    Boolean(env.FIREBASE_PROJECT_ID && env.FIREBASE_CLIENT_EMAIL && env.FIREBASE_PRIVATE_KEY) ||
    emulatedFirestore;
  const anyHosted = Boolean(
    env.SANITY_PROJECT_ID || env.FIREBASE_PROJECT_ID || env.STRIPE_SECRET_KEY || env.SMTP_URL,
  );
  if (env.NODE_ENV === 'production' && anyHosted && !env.SESSION_SECRET) {
    throw new ConfigError(
      'SESSION_SECRET is required when a hosted service is configured in production ' +
        '(sessions must survive restarts and be shared by every instance).',
    );
  }
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    siteUrl,
    sessionSecret: env.SESSION_SECRET ?? ephemeralSecret(),
    dataDir: env.DATA_DIR ?? '.data',
    partnerOrigins: (env.PARTNER_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    content:
      env.SANITY_PROJECT_ID && env.SANITY_DATASET
        ? {
            adapter: 'sanity' as const,
            projectId: env.SANITY_PROJECT_ID,
            dataset: env.SANITY_DATASET,
            apiVersion: env.SANITY_API_VERSION ?? DEFAULT_SANITY_API_VERSION,
            apiHost: env.SANITY_API_HOST,
            timeoutMs: env.SANITY_TIMEOUT_MS ?? 3000,
            readToken: env.SANITY_API_READ_TOKEN,
            studioUrl: env.SANITY_STUDIO_URL?.replace(/\/+$/, ''),
            webhookSecret: env.SANITY_WEBHOOK_SECRET,
          }
        : {
            adapter: 'embedded' as const,
            datasetPath: env.CONTENT_DATASET_PATH ?? 'content/dataset.ndjson',
            webhookSecret: env.SANITY_WEBHOOK_SECRET,
          },
    store: firestore
      ? {
          adapter: 'firestore' as const,
          projectId: env.FIREBASE_PROJECT_ID as string,
          clientEmail: env.FIREBASE_CLIENT_EMAIL,
          privateKey: env.FIREBASE_PRIVATE_KEY?.replace(/\\n/g, '\n'),
          emulatorHost: env.FIRESTORE_EMULATOR_HOST,
        }
      : { adapter: 'sqlite' as const },
    accounts:
      firestore && env.FIREBASE_API_KEY
        ? {
            adapter: 'firebase' as const,
            apiKey: env.FIREBASE_API_KEY,
            authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
          }
        : { adapter: 'local' as const },
    payments: env.STRIPE_SECRET_KEY
      ? {
          adapter: 'stripe' as const,
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY as string,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
          apiHost: env.STRIPE_API_HOST,
          timeoutMs: env.STRIPE_TIMEOUT_MS ?? 15_000,
        }
      : { adapter: 'sandbox' as const },
    places: env.GOOGLE_MAPS_API_KEY
      ? {
          adapter: 'google' as const,
          apiKey: env.GOOGLE_MAPS_API_KEY,
          embedKey: env.GOOGLE_MAPS_EMBED_KEY,
        }
      : { adapter: 'gazetteer' as const },
    mailer: env.SMTP_URL
      ? { adapter: 'smtp' as const, url: env.SMTP_URL }
      : { adapter: 'outbox' as const },
    messages:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            adapter: 'twilio' as const,
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiBaseUrl: env.TWILIO_API_BASE_URL,
          }
        : { adapter: 'outbox' as const },
    mail: {
      from: env.MAIL_FROM ?? 'Business Chauffeur <bookings@businesschauffeur.example>',
      staff: env.STAFF_EMAIL ?? 'bookings@businesschauffeur.example',
      /** Null: same-day bookings are emailed only. */
      staffMobile: env.STAFF_MOBILE ?? null,
    },
    /**
     * Requests each client address may make to the booking API: generous for a person booking
     * (typing an address asks for suggestions a few times a second), low enough that a script
     * cannot flood the store with drafts and the payment provider with intents.
     */
    apiLimits: {
      placesPerMinute: env.LIMIT_PLACES_PER_MINUTE ?? 120,
      quotesPerMinute: env.LIMIT_QUOTES_PER_MINUTE ?? 30,
      bookingsPerHour: env.LIMIT_BOOKINGS_PER_HOUR ?? 30,
      /** Promo code attempts: enough for typos, too few to guess codes. */
      promoCodesPerHour: env.LIMIT_PROMO_CODES_PER_HOUR ?? 20,
    },
    /** The HTTP server's own settings; "false" turns each switch off. */
    server: {
      host: env.HOST ?? '0.0.0.0',
      buildDir: env.REMIX_BUILD_DIR ?? 'build',
      trustProxy: trustProxyOf(env.TRUST_PROXY),
      logRequests: env.LOG_REQUESTS !== 'false',
      pageCache: env.PAGE_CACHE !== 'false',
      reconcileOnStart: env.RECONCILE_ON_START !== 'false',
      /** Every minute by default: a crashed sender's email goes within a few minutes. */
      settleIntervalSeconds: env.SETTLE_INTERVAL_SECONDS ?? 60,
      /** Every five seconds by default: a job due now runs within seconds, on some instance. */
      jobsIntervalSeconds: env.JOBS_INTERVAL_SECONDS ?? 5,
    },
    /** The only values that ever reach the browser (see getPublicEnv). */
    publicEnv: {
      SITE_URL: siteUrl,
      STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY,
      GOOGLE_MAPS_EMBED_KEY: env.GOOGLE_MAPS_EMBED_KEY,
      /** Every page view reports its Web Vitals unless set lower (0.1 suggested in production). */
      VITALS_SAMPLE_RATE: env.VITALS_SAMPLE_RATE ?? 1,
    },
  };
}

let generatedSecret: string | undefined;
function ephemeralSecret(): string {
  // Embedded mode without SESSION_SECRET: a random secret for this process. Sessions end on
  // restart, which is acceptable for demos and tests and never used once a hosted service is set.
  generatedSecret ??= randomBytes(32).toString('hex');
  return generatedSecret;
}

/** Parses an environment; throws ConfigError naming every variable that is wrong or missing. */
export function parseEnv(source: Record<string, string | undefined>): AppConfig {
  const result = rawSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = result.data;
  const problems: string[] = [];
  for (const group of groups) {
    const set = group.required.filter((name) => env[name] !== undefined);
    // The Firestore emulator needs no service-account key: the project id is enough.
    if (group.service.startsWith('Firestore') && env.FIRESTORE_EMULATOR_HOST && set.length > 0) {
      continue;
    }
    if (set.length > 0 && set.length < group.required.length) {
      const missing = group.required.filter((name) => env[name] === undefined);
      problems.push(
        `${group.service} is half configured: ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set ` +
          `but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.`,
      );
    }
  }
  if (env.SANITY_API_READ_TOKEN && !env.SANITY_PROJECT_ID) {
    problems.push('Sanity preview needs SANITY_PROJECT_ID and SANITY_DATASET to be set.');
  }
  if (env.SANITY_STUDIO_URL && !env.SANITY_API_READ_TOKEN) {
    problems.push(
      'Draft mode for the Studio (SANITY_STUDIO_URL) needs SANITY_API_READ_TOKEN to read drafts.',
    );
  }
  if (env.FIRESTORE_EMULATOR_HOST && !env.FIREBASE_PROJECT_ID) {
    // Without a project the emulator setting would be ignored and bookings would silently go to
    // the embedded store.
    problems.push('FIRESTORE_EMULATOR_HOST is set but FIREBASE_PROJECT_ID is missing.');
  }
  if (env.FIREBASE_API_KEY && !env.FIREBASE_PROJECT_ID) {
    problems.push('FIREBASE_API_KEY is set but FIREBASE_PROJECT_ID is missing.');
  }
  if (env.GOOGLE_MAPS_EMBED_KEY && !env.GOOGLE_MAPS_API_KEY) {
    problems.push('GOOGLE_MAPS_EMBED_KEY is set but GOOGLE_MAPS_API_KEY is missing.');
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return buildConfig(env);
}

let cached: AppConfig | undefined;

/** The configuration of this process, parsed once from process.env. */
export function getConfig(): AppConfig {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * Forgets the parsed configuration, so the next getConfig() reads process.env again. For test
 * runners that reuse one process for many test files; the server never calls it.
 */
export function forgetConfig(): void {
  cached = undefined;
}

export type PublicEnv = AppConfig['publicEnv'];

/** The allow-list of values the browser may see; nothing else from the environment leaves the server. */
export function getPublicEnv(): PublicEnv {
  return getConfig().publicEnv;
}
