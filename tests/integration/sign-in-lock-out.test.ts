// Sign-in lock-out and device cookies on local accounts and the embedded store, through the real
// Remix request handler (the scenarios: sign-in-lock-out.contract.ts).
import { afterAll, beforeAll, vi } from 'vitest';
import { listOutbox, outboxPath, readOutboxMessage } from '~/mail/outbox-mailer.server';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';
import { signInLockOutSuite } from './sign-in-lock-out.contract';

vi.setConfig({ testTimeout: 120_000 });

const env = useTestEnvironment();
let app: RemixApp;

beforeAll(async () => {
  app = await startRemixApp();
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

/** The code of the newest reset link emailed to an address (the outbox, quoted-printable). */
async function resetCode(email: string): Promise<string> {
  const dir = outboxPath(env.dataDir);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const entries = (await listOutbox(dir)).filter((item) => item.to.includes(email));
    for (const entry of entries.reverse()) {
      const raw = (await readOutboxMessage(dir, entry.name)) ?? '';
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const code = /oobCode=([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no reset link was sent to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

signInLockOutSuite(() => ({ app, resetCode }));
