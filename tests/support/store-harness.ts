// How the contract suites open store adapters: a harness opens another instance of a store on the
// same backing storage (another server process on the same database) and resets to empty storage
// between tests. sqliteHarness keeps each run's file in a temporary folder; describeOnFirestore
// starts the Firestore emulator for a describe block and gives harnesses on it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, vi } from 'vitest';
import type { FirestoreOptions } from '~/store/firebase-app.server';
import { sqliteStorePath } from '~/store/sqlite-database.server';
import {
  clearFirestore,
  firestoreEmulatorAvailable,
  firestoreEmulatorSkipReason,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from './firestore-emulator';

export interface Harness<S, O = undefined> {
  /** A store on the harness's current backing storage (each call: another instance). */
  open(options?: O): S;
  /** Closes every store opened so far and starts from empty storage. */
  reset(): Promise<void>;
}

interface Closable {
  close(): Promise<void>;
}

/** The project id the emulator suites use (a demo- project never reaches Google). */
export const FIRESTORE_TEST_PROJECT = 'demo-business-chauffeur';

function tracking<S extends Closable, O>(
  create: (options: O | undefined) => S,
  emptyStorage: () => Promise<void> | void,
): Harness<S, O> {
  let opened: S[] = [];
  return {
    open(options) {
      const store = create(options);
      opened.push(store);
      return store;
    },
    async reset() {
      await Promise.all(opened.map((store) => store.close()));
      opened = [];
      await emptyStorage();
    },
  };
}

/** Stores on a fresh SQLite file after every reset, in a temporary folder removed after the file. */
export function sqliteHarness<S extends Closable, O = undefined>(
  name: string,
  create: (filename: string, options: O | undefined) => S,
): Harness<S, O> & { readonly filename: string } {
  const root = mkdtempSync(path.join(tmpdir(), `bc-${name}-`));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let run = 0;
  let filename = sqliteStorePath(path.join(root, 'run-0'));
  const harness = tracking(
    (options: O | undefined) => create(filename, options),
    () => {
      run += 1;
      filename = sqliteStorePath(path.join(root, `run-${run}`));
    },
  );
  return {
    ...harness,
    get filename() {
      return filename;
    },
  };
}

export interface FirestoreSuite {
  emulator(): FirestoreEmulator;
  /** A harness of stores on the emulator; reset deletes every document of the project. */
  harness<S extends Closable, O = undefined>(
    create: (connection: FirestoreOptions, options: O | undefined) => S,
  ): Harness<S, O>;
}

/**
 * A describe block on the Firestore emulator of the machine image, started on a free port for it
 * (and FIRESTORE_EMULATOR_HOST pointed at it). Skipped, with the reason in its title, when the
 * emulator is not installed. Every harness is reset before the emulator stops.
 */
export function describeOnFirestore(title: string, body: (suite: FirestoreSuite) => void) {
  // Each file starts a real emulator; on a busy machine a step can take seconds.
  vi.setConfig({ testTimeout: 60_000 });
  process.env.METADATA_SERVER_DETECTION = 'none';
  const skipped = firestoreEmulatorAvailable ? '' : ` (skipped: ${firestoreEmulatorSkipReason})`;
  describe.skipIf(!firestoreEmulatorAvailable)(`${title}${skipped}`, () => {
    let emulator: FirestoreEmulator | undefined;
    const harnesses: Harness<Closable, unknown>[] = [];
    const running = () => {
      if (!emulator) throw new Error('The emulator is not running.');
      return emulator;
    };

    beforeAll(async () => {
      emulator = await startFirestoreEmulator();
      // The Admin SDK reads this at start; point it at this emulator, whatever the machine says.
      process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    });

    afterAll(async () => {
      await Promise.all(harnesses.map((harness) => harness.reset()));
      await emulator?.stop();
      delete process.env.FIRESTORE_EMULATOR_HOST;
    });

    body({
      emulator: running,
      harness<S extends Closable, O = undefined>(
        create: (connection: FirestoreOptions, options: O | undefined) => S,
      ) {
        const harness = tracking(
          (options: O | undefined) =>
            create({ projectId: FIRESTORE_TEST_PROJECT, emulatorHost: running().host }, options),
          () => (emulator ? clearFirestore(emulator.baseUrl, FIRESTORE_TEST_PROJECT) : undefined),
        );
        harnesses.push(harness as Harness<Closable, unknown>);
        return harness;
      },
    });
  });
}
