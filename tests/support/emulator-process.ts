// What the emulator starters share (firestore-emulator.ts, firebase-auth-emulator.ts): spawn the
// emulator in a process group of its own, keep the tail of its output for error messages, wait
// until it answers plain HTTP, and stop the whole group (the emulators start Java children).
import { spawn, type SpawnOptions } from 'node:child_process';

export interface EmulatorProcess {
  /** The last few thousand characters it printed. */
  output(): string;
  /** Resolves once `baseUrl` answers 200; throws when it exits first or the time runs out. */
  waitUntilReady(baseUrl: string, timeoutMs: number): Promise<void>;
  /** SIGTERM to the group, SIGKILL after `killAfterMs`; resolves when it has exited. */
  stop(): Promise<void>;
}

export function spawnEmulator(
  name: string,
  command: string,
  args: string[],
  { killAfterMs = 5000, ...options }: SpawnOptions & { killAfterMs?: number } = {},
): EmulatorProcess {
  const child = spawn(command, args, {
    ...options,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;

  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };

  return {
    output: () => output,

    async waitUntilReady(baseUrl, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!running()) throw new Error(`The ${name} exited with code ${child.exitCode}.`);
        try {
          // The Admin SDK hangs on a dead port, so the emulator must answer plain HTTP first.
          const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(1000) });
          if (response.ok) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`The ${name} was not ready within ${timeoutMs} ms.`);
    },

    async stop() {
      if (!running() || !child.pid) return;
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), killAfterMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
