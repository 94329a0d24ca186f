// Starts the Firestore emulator of the machine image on a free loopback port for a test file, and
// stops it (with its Java child) afterwards. Tests skip with a stated reason when it is absent.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { spawnEmulator } from './emulator-process';

export const FIRESTORE_EMULATOR_BIN =
  process.env.FIRESTORE_EMULATOR_BIN ??
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';

export const firestoreEmulatorAvailable = existsSync(FIRESTORE_EMULATOR_BIN);

export const firestoreEmulatorSkipReason =
  `the Firestore emulator is not installed (${FIRESTORE_EMULATOR_BIN} is missing; on Debian ` +
  'install google-cloud-cli-firestore-emulator, or set FIRESTORE_EMULATOR_BIN)';

export interface FirestoreEmulator {
  /** host:port, the value of FIRESTORE_EMULATOR_HOST. */
  host: string;
  baseUrl: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export async function startFirestoreEmulator(timeoutMs = 30_000): Promise<FirestoreEmulator> {
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const baseUrl = `http://${host}`;
  const emulator = spawnEmulator('Firestore emulator', FIRESTORE_EMULATOR_BIN, [
    '--host=127.0.0.1',
    `--port=${port}`,
  ]);
  try {
    await emulator.waitUntilReady(baseUrl, timeoutMs);
  } catch (error) {
    await emulator.stop();
    throw new Error(`${(error as Error).message}\n${emulator.output()}`);
  }
  return { host, baseUrl, stop: emulator.stop };
}

/** Loads security rules into the emulator for a project, as firebase-tools does. */
export async function loadFirestoreRules(baseUrl: string, projectId: string, rules: string) {
  const response = await fetch(`${baseUrl}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
  });
  if (!response.ok) {
    throw new Error(`Loading rules failed: ${response.status} ${await response.text()}`);
  }
}

/** Deletes every document of a project in the emulator (between tests). */
export async function clearFirestore(baseUrl: string, projectId: string) {
  const response = await fetch(
    `${baseUrl}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    { method: 'DELETE' },
  );
  if (!response.ok) throw new Error(`Clearing the emulator failed: ${response.status}`);
}
