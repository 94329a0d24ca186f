// The production server as its own process (server/index.ts on the build, embedded adapters by
// default) on a free loopback port and its own data folder, for tests that break its storage or
// kill it: started once it says it is serving, its output kept for failure messages. The booking
// API's per-client limits are lifted (every test books from 127.0.0.1) unless `env` sets them.
import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from '@playwright/test';
import { freePort } from '../support/firestore-emulator';
import { LIFTED_API_LIMITS, TEST_SESSION_SECRET } from '../support/test-environment';

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  site: string;
  child: ChildProcess;
  output(): string;
  /** How the process ended; null while it lives. */
  exit(): { code: number | null; signal: string | null } | null;
  exited: Promise<{ code: number | null; signal: string | null }>;
  /** SIGTERM, and waits for the process to end (nothing to do when it has). */
  stop(): Promise<void>;
}

export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: site,
      DATA_DIR: dataDir,
      SESSION_SECRET: TEST_SESSION_SECRET,
      LOG_REQUESTS: 'false',
      ...LIFTED_API_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exit: { code: number | null; signal: string | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    }),
  );
  // A loaded machine (the browser tests share two cores with the server) may take a minute.
  await expect.poll(() => output, { timeout: 120_000 }).toContain('is serving on');
  return {
    site,
    child,
    output: () => output,
    exit: () => exit,
    exited,
    async stop() {
      if (exit !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
