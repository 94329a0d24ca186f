// Sign-in lock-out and device cookies on Firebase Auth, with the counts in Firestore, through the
// real Remix request handler: the limits sit in front of either Accounts adapter (the scenarios:
// sign-in-lock-out.contract.ts). Both emulators start here on free ports; the file is skipped,
// with the reason, when one of them cannot.
import { afterAll, beforeAll, describe, vi } from 'vitest';
import {
  firebaseToolsAvailable,
  firebaseToolsSkipReason,
  startAuthEmulator,
  type AuthEmulator,
} from '../support/firebase-auth-emulator';
import {
  firestoreEmulatorAvailable,
  firestoreEmulatorSkipReason,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../support/firestore-emulator';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { useTestEnvironment, type TestEnvironment } from '../support/test-environment';
import { signInLockOutSuite } from './sign-in-lock-out.contract';

vi.setConfig({ testTimeout: 120_000 });

const PROJECT_ID = 'demo-business-chauffeur-lock-out';
const skipReason = !firestoreEmulatorAvailable
  ? firestoreEmulatorSkipReason
  : !firebaseToolsAvailable
    ? firebaseToolsSkipReason
    : '';

describe.skipIf(skipReason !== '')(
  `on Firebase Auth and Firestore${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let firestore: FirestoreEmulator | undefined;
    let auth: AuthEmulator | undefined;
    let env: TestEnvironment | undefined;
    let app: RemixApp;

    beforeAll(async () => {
      [firestore, auth] = await Promise.all([
        startFirestoreEmulator(),
        startAuthEmulator(PROJECT_ID),
      ]);
      env = useTestEnvironment({
        FIREBASE_PROJECT_ID: PROJECT_ID,
        FIRESTORE_EMULATOR_HOST: firestore.host,
        FIREBASE_API_KEY: 'demo-api-key',
        FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      });
      app = await startRemixApp();
    }, 180_000);

    afterAll(async () => {
      await app?.close();
      env?.restore();
      await Promise.all([auth?.stop(), firestore?.stop()]);
    });

    async function resetCode(email: string): Promise<string> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const code = (await auth!.resetCodes(email)).at(-1);
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no reset link was sent to ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    signInLockOutSuite(() => ({ app, resetCode }));
  },
);
