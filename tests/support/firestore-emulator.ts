// Starts the Firestore emulator of the machine image on a free loopback port for a test file, and
// stops it (with its Java child) afterwards. Tests skip with a stated reason when it is absent.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

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

async function waitUntilReady(baseUrl: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The Firestore emulator exited with code ${child.exitCode}.`);
    }
    try {
      // The Admin SDK hangs on a dead port, so the emulator must answer plain HTTP first.
      const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The Firestore emulator was not ready within ${timeoutMs} ms.`);
}

export async function startFirestoreEmulator(timeoutMs = 30_000): Promise<FirestoreEmulator> {
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const baseUrl = `http://${host}`;
  // Its own process group, so stopping it also stops the Java process the script starts.
  const child = spawn(FIRESTORE_EMULATOR_BIN, ['--host=127.0.0.1', `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    await waitUntilReady(baseUrl, child, timeoutMs);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return { host, baseUrl, stop };
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
