// Starts the Firebase Auth emulator (firebase-tools, a dev dependency) on free loopback ports for a
// test file and stops it afterwards. Its configuration lives in a temporary folder, so it never
// reads or writes the repository's files. Tests skip with a stated reason when it cannot start.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  // Its own process group, so stopping it stops everything it started.
  const child = spawn(
    process.execPath,
    [FIREBASE_TOOLS_CLI, 'emulators:start', '--only', 'auth', '--project', projectId],
    {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1' },
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
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
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  let ready = false;
  while (!ready && Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      // The Admin SDK hangs on a dead port, so the emulator must answer plain HTTP first.
      const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(1000) });
      ready = response.ok;
    } catch {
      // Not listening yet.
    }
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!ready) {
    await stop();
    throw new Error(`The Firebase Auth emulator did not start.\n${output}`);
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
