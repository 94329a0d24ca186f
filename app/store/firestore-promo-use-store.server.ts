// The hosted PromoUseStore: three collections, changed together in Firestore transactions.
// - `promoUses/{bookingId}`: the booking's latest use (a released one stays until replaced).
// - `promoUseEmails/{hash of code and email}`: the active use of a code by an email, deleted when
//   released; the per-email rule reads it.
// - `promoUseCounts/{code}`: `active`, the number of active uses of the code.
// A reserve reads the booking's document, the email's and the code's counter in its transaction,
// so a concurrent reserve of the same code (on any instance) makes one of them run again on the
// other's result: the count can never pass the maximum. Within an instance the reserves of one
// code wait for each other (a queue), as concurrent transactions on one document abort each other
// and retry with a growing back-off.
import { createHash } from 'node:crypto';
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections.server';
import { openFirestore, type FirestoreOptions } from './firebase-app.server';
import { createKeyedQueue } from './keyed-queue.server';
import {
  decideReserve,
  normalisePromoCode,
  normaliseReserveInput,
  settleUse,
  type PromoUse,
  type PromoUseStore,
} from './promo-use-store.server';

/** Other instances' reserves of the same code may abort a transaction a few times. */
const TRANSACTION_OPTIONS = { maxAttempts: 30 };

/** A code as a document id: itself when it is plain letters and digits, else its hash. */
function codeId(code: string): string {
  return /^[A-Z0-9_-]{1,100}$/.test(code) ? code : createHash('sha256').update(code).digest('hex');
}

function emailId(code: string, email: string): string {
  return createHash('sha256').update(`${code}\u0000${email}`).digest('hex');
}

function activeUseOf(snapshot: DocumentSnapshot): PromoUse | null {
  const use = snapshot.data() as PromoUse | undefined;
  return use && use.state !== 'released' ? use : null;
}

export function createFirestorePromoUseStore(options: FirestoreOptions): PromoUseStore {
  const { db, run, close } = openFirestore(options, 'promo-use-store');
  const uses = db.collection(COLLECTIONS.promoUses);
  const emails = db.collection(COLLECTIONS.promoUseEmails);
  const counts = db.collection(COLLECTIONS.promoUseCounts);
  const queued = createKeyedQueue();

  const bookingRef = (bookingId: string) => uses.doc(bookingId);
  const emailRef = (use: Pick<PromoUse, 'code' | 'email'>) =>
    emails.doc(emailId(use.code, use.email));
  const countRef = (code: string) => counts.doc(codeId(code));

  /**
   * Writes what one transaction changed: each use's own document, its email document (kept while
   * active, deleted once released) and the counters moved by the net change of each code. Later
   * uses win over earlier ones for the same document, as one transaction writes each once.
   */
  function write(tx: Transaction, changed: PromoUse[]) {
    const useDocs = new Map<string, PromoUse>();
    const emailDocs = new Map<string, PromoUse>();
    const deltas = new Map<string, number>();
    for (const use of changed) {
      const active = use.state !== 'released';
      useDocs.set(use.bookingId, use);
      emailDocs.set(emailId(use.code, use.email), use);
      // Only reserving and releasing move the counter: a consumed use stays active.
      if (use.state !== 'consumed') {
        deltas.set(use.code, (deltas.get(use.code) ?? 0) + (active ? 1 : -1));
      }
    }
    for (const use of useDocs.values()) tx.set(bookingRef(use.bookingId), use);
    for (const use of emailDocs.values()) {
      if (use.state === 'released') tx.delete(emailRef(use));
      else tx.set(emailRef(use), use);
    }
    for (const [code, delta] of deltas) {
      if (delta !== 0) {
        tx.set(countRef(code), { code, active: FieldValue.increment(delta) }, { merge: true });
      }
    }
  }

  function settle(bookingId: string, state: 'consumed' | 'released', at: string) {
    return run(() =>
      db.runTransaction(async (tx) => {
        const { use, changed } = settleUse(
          activeUseOf(await tx.get(bookingRef(bookingId))),
          state,
          at,
        );
        if (use && changed) write(tx, [use]);
        return use;
      }, TRANSACTION_OPTIONS),
    );
  }

  return {
    kind: 'firestore',

    reserve(raw) {
      const input = normaliseReserveInput(raw);
      return run(() =>
        queued(input.code, () =>
          db.runTransaction(async (tx) => {
            const [booking, email, count] = await tx.getAll(
              bookingRef(input.bookingId),
              emailRef(input),
              countRef(input.code),
            );
            const plan = decideReserve(input, {
              held: booking ? activeUseOf(booking) : null,
              emailUse: email ? activeUseOf(email) : null,
              activeUses: Number(count?.get('active') ?? 0),
            });
            write(tx, plan.reserve ? [...plan.release, plan.reserve] : plan.release);
            return plan.outcome;
          }, TRANSACTION_OPTIONS),
        ),
      );
    },

    consume: (bookingId, at) => settle(bookingId, 'consumed', at),

    release: (bookingId, at) => settle(bookingId, 'released', at),

    useOf: (bookingId) => run(async () => activeUseOf(await bookingRef(bookingId).get())),

    activeUses: (code) =>
      run(async () => {
        const snapshot = await countRef(normalisePromoCode(code)).get();
        return Number(snapshot.get('active') ?? 0);
      }),

    close,
  };
}
