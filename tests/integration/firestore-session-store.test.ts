// The SessionStore contract on the Firestore adapter, against the Firestore emulator of the machine
// image (started here on a free port), plus the shape the TTL policy needs: documents in
// `sessions`, keyed by the SHA-256 of the id, with `expiresAt` as a Timestamp.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { createFirestoreSessionStore } from '~/store/firestore-session-store.server';
import { describeOnFirestore, FIRESTORE_TEST_PROJECT } from '../support/store-harness';
import { sessionStoreContract, type SessionStoreHarness } from './session-store.contract';

describeOnFirestore('Firestore session store', (firestore) => {
  const harness: SessionStoreHarness = firestore.harness((connection, options) =>
    createFirestoreSessionStore({ ...connection, ...options }),
  );

  sessionStoreContract(() => harness);

  it('keeps a session as sessions/<SHA-256 of the id> with a Timestamp expiresAt', async () => {
    await harness.reset();
    const started = Date.now();
    const id = await harness.open().start('account-a');
    const response = await fetch(
      `${firestore.emulator().baseUrl}/v1/projects/${FIRESTORE_TEST_PROJECT}/databases/(default)/documents/sessions`,
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
});
