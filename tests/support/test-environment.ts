// The environment of an integration test file: every service on its embedded adapter, data in a
// fresh temporary folder, a fixed session secret (quote tokens signed by the test verify in the
// app), and one partner origin for CORS. Call before the app reads its configuration.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const TEST_SESSION_SECRET = 'integration-tests-session-secret-0123456789';
export const TEST_SITE_URL = 'http://localhost';
export const TEST_PARTNER_ORIGIN = 'https://www.partner-hotel.example';

const HOSTED = [
  'SANITY_PROJECT_ID',
  'SANITY_DATASET',
  'SANITY_API_READ_TOKEN',
  'SANITY_STUDIO_URL',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_CLIENT_EMAIL',
  'FIREBASE_PRIVATE_KEY',
  'FIREBASE_API_KEY',
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_HOST',
  'GOOGLE_MAPS_API_KEY',
  'GOOGLE_MAPS_EMBED_KEY',
  'SMTP_URL',
];

export interface TestEnvironment {
  dataDir: string;
  restore(): void;
}

/**
 * The booking API's per-client limits, lifted: most tests send every request from one address.
 * The limits have their own tests, which set them back to the defaults.
 */
export const LIFTED_API_LIMITS = {
  LIMIT_PLACES_PER_MINUTE: '100000',
  LIMIT_QUOTES_PER_MINUTE: '100000',
  LIMIT_BOOKINGS_PER_HOUR: '100000',
  LIMIT_PROMO_CODES_PER_HOUR: '100000',
} as const;

export function useTestEnvironment(
  extra: Record<string, string | undefined> = {},
): TestEnvironment {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bc-integration-'));
  const values: Record<string, string | undefined> = {
    ...Object.fromEntries(HOSTED.map((name) => [name, undefined])),
    DATA_DIR: dataDir,
    SESSION_SECRET: TEST_SESSION_SECRET,
    SITE_URL: TEST_SITE_URL,
    PARTNER_ORIGINS: TEST_PARTNER_ORIGIN,
    METADATA_SERVER_DETECTION: 'none',
    ...LIFTED_API_LIMITS,
    ...extra,
  };
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return {
    dataDir,
    restore() {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
