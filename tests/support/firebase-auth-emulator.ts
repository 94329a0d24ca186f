// Starts the Firebase Auth emulator (firebase-tools, a dev dependency) on free loopback ports for a
// test file and stops it afterwards. Its configuration lives in a temporary folder, so it never
// reads or writes the repository's files. Tests skip with a stated reason when it cannot start.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnEmulator } from './emulator-process';
import { freePort } from './firestore-emulator';

export const FIREBASE_TOOLS_CLI = path.resolve('node_modules/firebase-tools/lib/bin/firebase.js');

export const firebaseToolsAvailable = existsSync(FIREBASE_TOOLS_CLI);

export const firebaseToolsSkipReason =
  `firebase-tools is not installed (${FIREBASE_TOOLS_CLI} is missing; run npm ci, which installs ` +
  'it as a development dependency)';

export interface AuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  baseUrl: string;
  projectId: string;
  /** Deletes every account of the project. */
  clear(): Promise<void>;
  /** The password reset codes the emulator "emailed", oldest first. */
  resetCodes(email: string): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startAuthEmulator(
  projectId: string,
  timeoutMs = 90_000,
): Promise<AuthEmulator> {
  const [port, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const host = `127.0.0.1:${port}`;
  const baseUrl = `http://${host}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'bc-auth-emulator-'));
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const emulator = spawnEmulator(
    'Firebase Auth emulator',
    process.execPath,
    [FIREBASE_TOOLS_CLI, 'emulators:start', '--only', 'auth', '--project', projectId],
    {
      cwd: dir,
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1' },
      killAfterMs: 10_000,
    },
  );
  const stop = async () => {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await emulator.waitUntilReady(baseUrl, timeoutMs);
  } catch {
    await stop();
    throw new Error(`The Firebase Auth emulator did not start.\n${emulator.output()}`);
  }

  const emulatorApi = `${baseUrl}/emulator/v1/projects/${projectId}`;
  return {
    host,
    baseUrl,
    projectId,
    async clear() {
      const response = await fetch(`${emulatorApi}/accounts`, { method: 'DELETE' });
      if (!response.ok) throw new Error(`Clearing the Auth emulator failed: ${response.status}`);
    },
    async resetCodes(email) {
      const response = await fetch(`${emulatorApi}/oobCodes`);
      const body = (await response.json()) as {
        oobCodes?: { email: string; oobCode: string; requestType: string }[];
      };
      return (body.oobCodes ?? [])
        .filter(
          (code) =>
            code.requestType === 'PASSWORD_RESET' &&
            code.email.toLowerCase() === email.toLowerCase(),
        )
        .map((code) => code.oobCode);
    },
    stop,
  };
}
