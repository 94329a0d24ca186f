import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.server';

const sanity = { SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production' };
const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_secret',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_public',
  STRIPE_WEBHOOK_SECRET: 'whsec_secret',
};
const firestore = {
  FIREBASE_PROJECT_ID: 'business-chauffeur',
  FIREBASE_CLIENT_EMAIL: 'site@business-chauffeur.iam.gserviceaccount.com',
  FIREBASE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n',
};
const sessionSecret = 'x'.repeat(32);

/** The ConfigError parseEnv throws for this environment (fails the test when it does not throw). */
function configError(source: Record<string, string | undefined>): ConfigError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('parseEnv did not throw');
}

describe('parseEnv', () => {
  it('picks every embedded adapter when nothing is configured', () => {
    const config = parseEnv({});
    expect(config.content.adapter).toBe('embedded');
    expect(config.store.adapter).toBe('sqlite');
    expect(config.accounts.adapter).toBe('local');
    expect(config.payments.adapter).toBe('sandbox');
    expect(config.places.adapter).toBe('gazetteer');
    expect(config.mailer.adapter).toBe('outbox');
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('treats empty and blank values as unset, as a copied .env.example leaves them', () => {
    const config = parseEnv({
      SANITY_PROJECT_ID: '',
      SANITY_DATASET: '  ',
      PORT: '',
      SITE_URL: '',
    });
    expect(config.content.adapter).toBe('embedded');
    expect(config.port).toBe(3000);
  });

  it('names SANITY_DATASET when only SANITY_PROJECT_ID is set', () => {
    const error = configError({ SANITY_PROJECT_ID: 'abc123' });
    expect(error.message).toContain('SANITY_DATASET');
    expect(error.message).toMatch(/Sanity/);
  });

  it('names the two missing Stripe variables when one of three is set', () => {
    const error = configError({ STRIPE_SECRET_KEY: 'sk_test_secret' });
    expect(error.message).toContain('STRIPE_PUBLISHABLE_KEY');
    expect(error.message).toContain('STRIPE_WEBHOOK_SECRET');
    // The value of a secret never appears in an error message.
    expect(error.message).not.toContain('sk_test_secret');
  });

  it('names the missing Stripe variable when two of three are set', () => {
    const { STRIPE_WEBHOOK_SECRET: _left, ...twoOfThree } = stripe;
    const error = configError(twoOfThree);
    expect(error.message).toContain('STRIPE_WEBHOOK_SECRET');
    expect(error.message).not.toContain('STRIPE_PUBLISHABLE_KEY is missing');
  });

  it('names the missing Firestore variables when only the project is set', () => {
    const error = configError({ FIREBASE_PROJECT_ID: 'business-chauffeur' });
    expect(error.message).toContain('FIREBASE_CLIENT_EMAIL');
    expect(error.message).toContain('FIREBASE_PRIVATE_KEY');
  });

  it('names FIREBASE_PROJECT_ID when the emulator is set without a project', () => {
    expect(configError({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' }).message).toContain(
      'FIREBASE_PROJECT_ID',
    );
    expect(
      configError({
        FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
        FIREBASE_CLIENT_EMAIL: firestore.FIREBASE_CLIENT_EMAIL,
      }).message,
    ).toContain('FIREBASE_PROJECT_ID');
  });

  it('uses the Firestore emulator with only a project id', () => {
    const config = parseEnv({
      FIREBASE_PROJECT_ID: 'demo-business-chauffeur',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
    });
    expect(config.store).toMatchObject({
      adapter: 'firestore',
      projectId: 'demo-business-chauffeur',
      emulatorHost: '127.0.0.1:8080',
    });
  });

  it('picks every hosted adapter when each is fully configured', () => {
    const config = parseEnv({
      ...firestore,
      ...stripe,
      FIREBASE_API_KEY: 'firebase-web-key',
      GOOGLE_MAPS_API_KEY: 'maps-key',
      SMTP_URL: 'smtp://user:pass@mail.example:587',
    });
    expect(config.store.adapter).toBe('firestore');
    expect(config.accounts.adapter).toBe('firebase');
    expect(config.payments).toEqual({
      adapter: 'stripe',
      secretKey: stripe.STRIPE_SECRET_KEY,
      publishableKey: stripe.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
      timeoutMs: 15_000,
    });
    expect(config.places.adapter).toBe('google');
    expect(config.mailer.adapter).toBe('smtp');
    // The escaped newlines of a key pasted into one line become real ones.
    expect(config.store.adapter === 'firestore' && config.store.privateKey).toBe(
      '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
    );
  });

  it('picks the Sanity adapter with the pinned default API version for a full Sanity config', () => {
    const config = parseEnv(sanity);
    expect(config.content).toMatchObject({
      adapter: 'sanity',
      projectId: 'abc123',
      dataset: 'production',
      apiVersion: '2025-02-19',
      timeoutMs: 3000,
    });
  });

  it('turns on draft mode for the Studio only with its address and a read token', () => {
    const config = parseEnv({
      ...sanity,
      SANITY_API_READ_TOKEN: 'sanity-read-token',
      SANITY_STUDIO_URL: 'https://bcchauffeur.sanity.studio/',
    });
    expect(config.content).toMatchObject({ studioUrl: 'https://bcchauffeur.sanity.studio' });
    expect(() =>
      parseEnv({ ...sanity, SANITY_STUDIO_URL: 'https://bcchauffeur.sanity.studio' }),
    ).toThrow(/SANITY_STUDIO_URL\) needs SANITY_API_READ_TOKEN/);
    expect(() => parseEnv({ ...sanity, SANITY_STUDIO_URL: 'bcchauffeur.sanity.studio' })).toThrow(
      /SANITY_STUDIO_URL/,
    );
  });

  it('keeps an explicit SANITY_API_VERSION and rejects one that is not a date', () => {
    expect(parseEnv({ ...sanity, SANITY_API_VERSION: '2026-01-01' }).content).toMatchObject({
      apiVersion: '2026-01-01',
    });
    expect(configError({ ...sanity, SANITY_API_VERSION: 'v2021-03-25' }).message).toContain(
      'SANITY_API_VERSION',
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SITE_URL', 'not-a-url'],
    // `new URL` reads this as the scheme "localhost:"; links built from it would be broken.
    ['SITE_URL', 'localhost:3000'],
    ['SITE_URL', 'javascript:alert(1)'],
    ['SANITY_TIMEOUT_MS', 'soon'],
    ['STAFF_EMAIL', 'bookings'],
    ['STAFF_MOBILE', '0412 345 678'],
    ['SESSION_SECRET', 'too-short'],
    ['NODE_ENV', 'staging'],
  ])('names %s when its value %j is invalid', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(name);
  });

  it('never echoes a rejected secret value', () => {
    expect(configError({ SESSION_SECRET: 'short-secret' }).message).not.toContain('short-secret');
  });

  it('drops trailing slashes from SITE_URL', () => {
    expect(parseEnv({ SITE_URL: 'https://businesschauffeur.example/' }).siteUrl).toBe(
      'https://businesschauffeur.example',
    );
  });

  it('hands the browser only the allow-listed public values', () => {
    const config = parseEnv({
      ...sanity,
      ...stripe,
      ...firestore,
      SESSION_SECRET: sessionSecret,
      SANITY_API_READ_TOKEN: 'sanity-read-token',
      SANITY_STUDIO_URL: 'https://bcchauffeur.sanity.studio',
      SANITY_WEBHOOK_SECRET: 'webhook-secret',
      GOOGLE_MAPS_API_KEY: 'maps-server-key',
      GOOGLE_MAPS_EMBED_KEY: 'maps-embed-key',
      SITE_URL: 'https://businesschauffeur.example',
    });
    expect(Object.keys(config.publicEnv).sort()).toEqual(
      ['GOOGLE_MAPS_EMBED_KEY', 'SITE_URL', 'STRIPE_PUBLISHABLE_KEY', 'VITALS_SAMPLE_RATE'].sort(),
    );
    expect(config.publicEnv).toEqual({
      SITE_URL: 'https://businesschauffeur.example',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_public',
      GOOGLE_MAPS_EMBED_KEY: 'maps-embed-key',
      VITALS_SAMPLE_RATE: 1,
    });
    const serialized = JSON.stringify(config.publicEnv);
    for (const secret of [
      stripe.STRIPE_SECRET_KEY,
      stripe.STRIPE_WEBHOOK_SECRET,
      'sanity-read-token',
      'webhook-secret',
      'maps-server-key',
      sessionSecret,
      firestore.FIREBASE_PRIVATE_KEY,
    ]) {
      expect(serialized).not.toContain(secret);
    }
  });

  it('reads the Web Vitals sample rate, a share from 0 to 1 (every page view by default)', () => {
    expect(parseEnv({}).publicEnv.VITALS_SAMPLE_RATE).toBe(1);
    expect(parseEnv({ VITALS_SAMPLE_RATE: '0.1' }).publicEnv.VITALS_SAMPLE_RATE).toBe(0.1);
    expect(parseEnv({ VITALS_SAMPLE_RATE: '0' }).publicEnv.VITALS_SAMPLE_RATE).toBe(0);
    for (const wrong of ['1.5', '-0.1', 'half']) {
      expect(configError({ VITALS_SAMPLE_RATE: wrong }).message).toContain('VITALS_SAMPLE_RATE');
    }
  });

  it('requires SESSION_SECRET in production once a hosted service is configured', () => {
    for (const hosted of [sanity, stripe, firestore, { SMTP_URL: 'smtp://mail.example' }]) {
      expect(configError({ NODE_ENV: 'production', ...hosted }).message).toContain(
        'SESSION_SECRET',
      );
    }
    expect(
      parseEnv({ NODE_ENV: 'production', ...sanity, SESSION_SECRET: sessionSecret }),
    ).toMatchObject({ isProduction: true, sessionSecret });
  });

  it('allows production without SESSION_SECRET when everything is embedded', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).isProduction).toBe(true);
  });
});

describe('booking API limits', () => {
  it('are on by default and can be raised, never switched off', () => {
    expect(parseEnv({}).apiLimits).toEqual({
      placesPerMinute: 120,
      quotesPerMinute: 30,
      bookingsPerHour: 30,
      promoCodesPerHour: 20,
    });
    expect(parseEnv({ LIMIT_BOOKINGS_PER_HOUR: '5000' }).apiLimits.bookingsPerHour).toBe(5000);
    expect(configError({ LIMIT_PROMO_CODES_PER_HOUR: '-1' }).message).toContain(
      'LIMIT_PROMO_CODES_PER_HOUR',
    );
    expect(configError({ LIMIT_PLACES_PER_MINUTE: '0' }).message).toContain(
      'LIMIT_PLACES_PER_MINUTE',
    );
    expect(configError({ LIMIT_QUOTES_PER_MINUTE: 'lots' }).message).toContain(
      'LIMIT_QUOTES_PER_MINUTE',
    );
  });
});

describe('the HTTP server’s settings', () => {
  it('have the defaults server/index.ts always had', () => {
    expect(parseEnv({}).server).toEqual({
      host: '0.0.0.0',
      buildDir: 'build',
      trustProxy: 'loopback, linklocal, uniquelocal',
      logRequests: true,
      pageCache: true,
      reconcileOnStart: true,
      settleIntervalSeconds: 60,
      jobsIntervalSeconds: 5,
    });
  });

  it('read the settle pass interval in whole seconds, 0 turning it off', () => {
    expect(parseEnv({ SETTLE_INTERVAL_SECONDS: '15' }).server.settleIntervalSeconds).toBe(15);
    expect(parseEnv({ SETTLE_INTERVAL_SECONDS: '0' }).server.settleIntervalSeconds).toBe(0);
    for (const wrong of ['-1', '1.5', 'often']) {
      expect(configError({ SETTLE_INTERVAL_SECONDS: wrong }).message).toContain(
        'SETTLE_INTERVAL_SECONDS',
      );
    }
  });

  it('read the jobs interval in whole seconds, every five by default, 0 turning it off', () => {
    expect(parseEnv({}).server.jobsIntervalSeconds).toBe(5);
    expect(parseEnv({ JOBS_INTERVAL_SECONDS: '2' }).server.jobsIntervalSeconds).toBe(2);
    expect(parseEnv({ JOBS_INTERVAL_SECONDS: '0' }).server.jobsIntervalSeconds).toBe(0);
    for (const wrong of ['-1', '1.5', 'often']) {
      expect(configError({ JOBS_INTERVAL_SECONDS: wrong }).message).toContain(
        'JOBS_INTERVAL_SECONDS',
      );
    }
  });

  it('turn each switch off only with "false", and read TRUST_PROXY as Express means it', () => {
    const server = parseEnv({
      HOST: '127.0.0.1',
      REMIX_BUILD_DIR: '.builds/one',
      LOG_REQUESTS: 'false',
      PAGE_CACHE: 'false',
      RECONCILE_ON_START: 'no',
    }).server;
    expect(server).toMatchObject({ host: '127.0.0.1', buildDir: '.builds/one' });
    expect(server).toMatchObject({ logRequests: false, pageCache: false, reconcileOnStart: true });
    expect(parseEnv({ TRUST_PROXY: '1' }).server.trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: 'true' }).server.trustProxy).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, loopback' }).server.trustProxy).toBe(
      '10.0.0.0/8, loopback',
    );
  });
});
