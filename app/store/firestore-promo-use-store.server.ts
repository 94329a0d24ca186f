// The hosted PromoUseStore: three collections, changed together in Firestore transactions.
// - `promoUses/{bookingId}`: the booking's uses, one per code (`uses`, keyed by code); a released
//   one stays until the code is reserved again. A document written before a booking could hold two
//   codes has one use in its own fields, and is read as such.
// - `promoUseEmails/{hash of code and email}`: the first paid use of a code by an email; the
//   "once per customer" rule reads it. (Documents written before that rule may hold a reserved
//   use: only a consumed one counts.)
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
  decideConsume,
  decideReserve,
  normalisePromoCode,
  normaliseReserveInput,
  usesToRelease,
  type PromoUse,
  type PromoUseStore,
} from './promo-use-store.server';

/** Other instances' reserves of the same code may abort a transaction a few times. */
const TRANSACTION_OPTIONS = { maxAttempts: 30 };

/** A code as a document id or map key: itself when it is plain letters and digits, else its hash. */
function codeId(code: string): string {
  return /^[A-Z0-9_-]{1,100}$/.test(code) ? code : createHash('sha256').update(code).digest('hex');
}

function emailId(code: string, email: string): string {
  return createHash('sha256').update(`${code}\u0000${email}`).digest('hex');
}

interface BookingUsesDocument {
  bookingId?: string;
  uses?: Record<string, PromoUse>;
}

/** Every use the booking's document holds, released ones included (a legacy document: its one use). */
function usesIn(snapshot: DocumentSnapshot | undefined): PromoUse[] {
  const data = snapshot?.data() as (BookingUsesDocument & Partial<PromoUse>) | undefined;
  if (!data) return [];
  if (data.uses) return Object.values(data.uses);
  return typeof data.code === 'string' ? [data as PromoUse] : [];
}

const activeOf = (uses: PromoUse[]) =>
  uses
    .filter((use) => use.state !== 'released')
    .sort((a, b) => a.reservedAt.localeCompare(b.reservedAt));

function paidByAnother(snapshot: DocumentSnapshot | undefined, bookingId: string): boolean {
  const use = snapshot?.data() as PromoUse | undefined;
  return use?.state === 'consumed' && use.bookingId !== bookingId;
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
   * Writes the booking's document with its changed uses (every use it had, the changed ones
   * replaced) and moves each code's counter by `deltas`.
   */
  function write(
    tx: Transaction,
    bookingId: string,
    before: PromoUse[],
    changed: PromoUse[],
    deltas: Map<string, number>,
  ) {
    if (changed.length === 0) return;
    const byCode = new Map(before.map((use) => [codeId(use.code), use]));
    for (const use of changed) byCode.set(codeId(use.code), use);
    const document: BookingUsesDocument = { bookingId, uses: Object.fromEntries(byCode) };
    tx.set(bookingRef(bookingId), document);
    for (const [code, delta] of deltas) {
      if (delta !== 0) {
        tx.set(countRef(code), { code, active: FieldValue.increment(delta) }, { merge: true });
      }
    }
  }

  const releaseDeltas = (released: PromoUse[]) => {
    const deltas = new Map<string, number>();
    for (const use of released) deltas.set(use.code, (deltas.get(use.code) ?? 0) - 1);
    return deltas;
  };

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
            const all = usesIn(booking);
            const plan = decideReserve(input, {
              held: activeOf(all),
              emailPaid: paidByAnother(email, input.bookingId),
              activeUses: Number(count?.get('active') ?? 0),
            });
            if (plan.reserve) {
              write(tx, input.bookingId, all, [plan.reserve], new Map([[input.code, 1]]));
            }
            return plan.outcome;
          }, TRANSACTION_OPTIONS),
        ),
      );
    },

    consume(raw) {
      const input = {
        ...raw,
        code: raw.code === null ? null : normalisePromoCode(raw.code),
        email: raw.email.trim().toLowerCase(),
      };
      return run(() =>
        db.runTransaction(async (tx) => {
          const code = input.code;
          const [booking, email] = await tx.getAll(
            bookingRef(input.bookingId),
            ...(code === null ? [] : [emailRef({ code, email: input.email })]),
          );
          const all = usesIn(booking);
          const plan = decideConsume(input, {
            held: activeOf(all),
            emailPaid: paidByAnother(email, input.bookingId),
          });
          const released = plan.write.filter((use) => use.state === 'released');
          const deltas = releaseDeltas(released);
          const paid = plan.outcome.use;
          if (plan.added && paid) deltas.set(paid.code, (deltas.get(paid.code) ?? 0) + 1);
          write(tx, input.bookingId, all, plan.write, deltas);
          // The first paid use of the code by the email is the one the rule reads.
          if (paid && plan.write.includes(paid) && !plan.outcome.emailUsedBefore) {
            tx.set(emailRef(paid), paid);
          }
          return plan.outcome;
        }, TRANSACTION_OPTIONS),
      );
    },

    release: (bookingId, at, { except } = {}) =>
      run(() =>
        db.runTransaction(async (tx) => {
          const all = usesIn(await tx.get(bookingRef(bookingId)));
          const released = usesToRelease(activeOf(all), at, except);
          write(tx, bookingId, all, released, releaseDeltas(released));
          return released;
        }, TRANSACTION_OPTIONS),
      ),

    usesOf: (bookingId) => run(async () => activeOf(usesIn(await bookingRef(bookingId).get()))),

    activeUses: (code) =>
      run(async () => {
        const snapshot = await countRef(normalisePromoCode(code)).get();
        return Number(snapshot.get('active') ?? 0);
      }),

    close,
  };
}
