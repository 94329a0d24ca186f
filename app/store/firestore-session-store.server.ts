// The hosted SessionStore: the `sessions` collection in Firestore, one document per sign-in, keyed
// by the SHA-256 of the session id. `expiresAt` is a Timestamp so that a TTL policy on it deletes
// dead documents (docs/hosted-adapters.md, "Firebase"); the policy may take a day to act, so every
// check compares `expiresAt` with the clock itself. Only single-field indexes are needed.
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections.server';
import { openFirestore, type FirestoreOptions } from './firebase-app.server';
import {
  isSessionId,
  newSessionId,
  SESSION_TTL_MS,
  sessionIdHash,
  type SessionStore,
  type SessionStoreOptions,
} from './session-store.server';

export type FirestoreSessionStoreOptions = SessionStoreOptions & FirestoreOptions;

interface SessionDocument {
  accountId: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  endedAt: Timestamp | null;
}

/** A batch holds at most 500 writes. */
const BATCH_SIZE = 400;

export function createFirestoreSessionStore(options: FirestoreSessionStoreOptions): SessionStore {
  const ttlMs = options.ttlMs ?? SESSION_TTL_MS;
  const now = options.now ?? Date.now;
  const { db, run: wrap, close } = openFirestore(options, 'session-store');
  const sessions = db.collection(COLLECTIONS.sessions);

  return {
    kind: 'firestore',

    start(accountId) {
      return wrap(async () => {
        const id = newSessionId();
        const started = now();
        const record: SessionDocument = {
          accountId,
          createdAt: Timestamp.fromMillis(started),
          expiresAt: Timestamp.fromMillis(started + ttlMs),
          endedAt: null,
        };
        // create, not set: 256 random bits never collide, and if they did no session is taken over.
        await sessions.doc(sessionIdHash(id)).create(record);
        return id;
      });
    },

    accountOf(sessionId) {
      if (!isSessionId(sessionId)) return Promise.resolve(null);
      return wrap(async () => {
        const snapshot = await sessions.doc(sessionIdHash(sessionId)).get();
        if (!snapshot.exists) return null;
        const record = snapshot.data() as SessionDocument;
        if (record.endedAt || record.expiresAt.toMillis() <= now()) return null;
        return record.accountId;
      });
    },

    end(sessionId) {
      if (!isSessionId(sessionId)) return Promise.resolve();
      return wrap(async () => {
        const ref = sessions.doc(sessionIdHash(sessionId));
        // update fails on a missing document; a session that never existed needs no ending.
        const snapshot = await ref.get();
        if (snapshot.exists) await ref.update({ endedAt: Timestamp.fromMillis(now()) });
      });
    },

    endAllOf(accountId) {
      return wrap(async () => {
        const snapshot = await sessions.where('accountId', '==', accountId).get();
        const open = snapshot.docs.filter((doc) => !(doc.data() as SessionDocument).endedAt);
        const endedAt = Timestamp.fromMillis(now());
        for (let index = 0; index < open.length; index += BATCH_SIZE) {
          const batch = db.batch();
          for (const doc of open.slice(index, index + BATCH_SIZE)) {
            batch.update(doc.ref, { endedAt });
          }
          await batch.commit();
        }
      });
    },

    close,
  };
}
