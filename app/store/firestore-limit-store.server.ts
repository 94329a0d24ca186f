// The hosted LimitStore: one Firestore document per counted key in `rateLimits` (id: a hash of the
// limiter and the key, never an email or address in clear), holding the hits still in the window,
// shared by every instance.
//
// Each change is a compare-and-set rather than a transaction: read the document, decide with the
// same pure rule as SQLite (slideWindow), then write only if the document is unchanged since that
// read (create for a new key, update/delete with a lastUpdateTime precondition). A concurrent
// writer makes the precondition fail and the change is simply decided again. Transactions would be
// as exact, but concurrent transactions on one document abort each other and retry with a growing
// back-off: 40 attempts at once took 45 s on the emulator. Within an instance the changes of one
// key also wait for each other (a queue), so only other instances' writes can meet them.
//
// `expiresAt` (a Timestamp) is when the newest hit leaves its window: a TTL policy on
// `rateLimits.expiresAt` deletes spent counters (docs/hosted-adapters.md, "Firebase").
import { setTimeout as sleep } from 'node:timers/promises';
import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections.server';
import { openFirestore, type FirestoreOptions } from './firebase-app.server';
import { FIRESTORE_CODES, firestoreCode } from './firestore-errors.server';
import { createKeyedQueue } from './keyed-queue.server';
import {
  expiryOf,
  limitKeyHash,
  slideWindow,
  type LimitHit,
  type LimitStore,
} from './limit-store.server';

/** The codes of a write that lost to another writer: decided again from a fresh read. */
const LOST_RACE: ReadonlySet<number | undefined> = new Set([
  FIRESTORE_CODES.ALREADY_EXISTS,
  FIRESTORE_CODES.FAILED_PRECONDITION,
  FIRESTORE_CODES.NOT_FOUND,
]);
/** Compare-and-set rounds before giving up: only a storm of other instances' writes needs many. */
const MAX_ROUNDS = 100;

interface LimitDocument {
  limiter: string;
  hits: LimitHit[];
  expiresAt: Timestamp;
}

/** What a change decides: its result, and the hits to store (null: leave the document; []: delete). */
interface Change<T> {
  result: T;
  hits: LimitHit[] | null;
}

function hitsOf(data: unknown): LimitHit[] {
  const hits = (data as Partial<LimitDocument> | undefined)?.hits;
  return Array.isArray(hits) ? hits : [];
}

export function createFirestoreLimitStore(options: FirestoreOptions): LimitStore {
  const { db, run: guarded, close } = openFirestore(options, 'rate-limit-store');
  const counters = db.collection(COLLECTIONS.rateLimits);
  const queued = createKeyedQueue();

  /** Reads, decides and writes one counter, again from the read when another writer got there first. */
  async function change<T>(
    ref: DocumentReference,
    limiter: string,
    windowMs: number,
    decide: (hits: LimitHit[]) => Change<T>,
  ): Promise<T> {
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const snapshot = await ref.get();
      const { result, hits } = decide(hitsOf(snapshot.data()));
      if (hits === null) return result;
      try {
        if (hits.length === 0) {
          if (snapshot.exists) await ref.delete({ lastUpdateTime: snapshot.updateTime });
        } else {
          const document: LimitDocument = {
            limiter,
            hits,
            expiresAt: Timestamp.fromMillis(expiryOf(hits, windowMs)),
          };
          if (snapshot.exists) {
            await ref.update({ ...document }, { lastUpdateTime: snapshot.updateTime });
          } else {
            await ref.create(document);
          }
        }
        return result;
      } catch (error) {
        if (!LOST_RACE.has(firestoreCode(error))) throw error;
        // Another instance wrote first: decide again from its result, after a moment's jitter.
        await sleep(Math.floor(Math.random() * 10 * Math.min(round + 1, 5)));
      }
    }
    throw new Error(`The counter stayed contended for ${MAX_ROUNDS} rounds.`);
  }

  return {
    kind: 'firestore',

    reserve(input) {
      const id = limitKeyHash(input.limiter, input.key);
      return guarded(() =>
        queued(id, () =>
          change(counters.doc(id), input.limiter, input.windowMs, (stored) => {
            const { decision, hits } = slideWindow(stored, input);
            return { result: decision, hits: decision.allowed ? hits : null };
          }),
        ),
      );
    },

    release({ limiter, key, token }) {
      const id = limitKeyHash(limiter, key);
      return guarded(() =>
        queued(id, () =>
          // The window only decides expiresAt, which the newest remaining hit keeps.
          change(counters.doc(id), limiter, 0, (stored) => {
            const kept = stored.filter((hit) => hit.token !== token);
            return { result: undefined, hits: kept.length === stored.length ? null : kept };
          }),
        ),
      );
    },

    clear(limiter) {
      return guarded(async () => {
        for (;;) {
          const page = await counters.where('limiter', '==', limiter).limit(400).get();
          if (page.empty) return;
          const batch = db.batch();
          for (const doc of page.docs) batch.delete(doc.ref);
          await batch.commit();
        }
      });
    },

    close,
  };
}
