// The SessionStore contract on the Firestore adapter, against the Firestore emulator of the machine
// image (started here on a free port), plus the shape the TTL policy needs: documents in
// `sessions`, keyed by the SHA-256 of the id, with `expiresAt` as a Timestamp.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFirestoreSessionStore } from '~/store/firestore-session-store.server';
import type { SessionStore } from '~/store/session-store.server';
import {
  clearFirestore,
  firestoreEmulatorAvailable,
  firestoreEmulatorSkipReason,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../support/firestore-emulator';
import { sessionStoreContract, type SessionStoreHarness } from './session-store.contract';

vi.setConfig({ testTimeout: 60_000 });

process.env.METADATA_SERVER_DETECTION = 'none';
const PROJECT_ID = 'demo-business-chauffeur';

let emulator: FirestoreEmulator | undefined;
let opened: SessionStore[] = [];

const harness: SessionStoreHarness = {
  open(options = {}) {
    if (!emulator) throw new Error('The emulator is not running.');
    const store = createFirestoreSessionStore({
      projectId: PROJECT_ID,
      emulatorHost: emulator.host,
      ...options,
    });
    opened.push(store);
    return store;
  },
  async reset() {
    await Promise.all(opened.map((store) => store.close()));
    opened = [];
    if (emulator) await clearFirestore(emulator.baseUrl, PROJECT_ID);
  },
};

describe.skipIf(!firestoreEmulatorAvailable)(
  `Firestore session store${firestoreEmulatorAvailable ? '' : ` (skipped: ${firestoreEmulatorSkipReason})`}`,
  () => {
    beforeAll(async () => {
      emulator = await startFirestoreEmulator();
      process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    });

    afterAll(async () => {
      await harness.reset();
      await emulator?.stop();
      delete process.env.FIRESTORE_EMULATOR_HOST;
    });

    sessionStoreContract(() => harness);

    it('keeps a session as sessions/<SHA-256 of the id> with a Timestamp expiresAt', async () => {
      await harness.reset();
      const started = Date.now();
      const id = await harness.open().start('account-a');
      const response = await fetch(
        `${emulator!.baseUrl}/v1/projects/${PROJECT_ID}/databases/(default)/documents/sessions`,
        { headers: { Authorization: 'Bearer owner' } },
      );
      const body = (await response.json()) as {
        documents: { name: string; fields: Record<string, Record<string, string>> }[];
      };
      expect(body.documents).toHaveLength(1);
      const [document] = body.documents;
      expect(document!.name.split('/').at(-1)).toBe(createHash('sha256').update(id).digest('hex'));
      expect(JSON.stringify(document)).not.toContain(id);
      expect(document!.fields.accountId).toEqual({ stringValue: 'account-a' });
      const expiresAt = Date.parse(document!.fields.expiresAt!.timestampValue!);
      expect(expiresAt - started).toBeGreaterThanOrEqual(14 * 24 * 60 * 60 * 1000 - 5000);
      expect(expiresAt - started).toBeLessThanOrEqual(14 * 24 * 60 * 60 * 1000 + 5000);
      await harness.reset();
    });
  },
);
