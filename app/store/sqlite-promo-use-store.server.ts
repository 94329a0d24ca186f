// The embedded PromoUseStore: the `promo_uses` table of the store's SQLite file (migration 6).
// Every change reads and writes inside one BEGIN IMMEDIATE transaction, which takes the file's
// write lock before the first read: two processes on the same file (two instances, a script)
// queue for it (the busy timeout of openSqliteDatabase), so the second one counts the first one's
// use and both can never pass the check. Within a process node:sqlite is synchronous, so one
// transaction runs to its end before another starts.
import {
  decideReserve,
  normalisePromoCode,
  normaliseReserveInput,
  settleUse,
  type PromoUse,
  type PromoUseState,
  type PromoUseStore,
} from './promo-use-store.server';
import { openSqliteStore } from './sqlite-store.server';

const ACTIVE = `state <> 'released'`;
const COLUMNS = 'code, email, booking_id, state, reserved_at, updated_at';

function promoUseOfRow(row: Record<string, unknown> | undefined): PromoUse | null {
  if (!row) return null;
  return {
    code: String(row.code),
    email: String(row.email),
    bookingId: String(row.booking_id),
    state: String(row.state) as PromoUseState,
    reservedAt: String(row.reserved_at),
    updatedAt: String(row.updated_at),
  };
}

export function createSqlitePromoUseStore({ filename }: { filename: string }): PromoUseStore {
  const { db, run, runInTransaction, close } = openSqliteStore(filename, 'promo use store');

  const statements = {
    ofBooking: db.prepare(`SELECT ${COLUMNS} FROM promo_uses WHERE booking_id = ? AND ${ACTIVE}`),
    ofEmail: db.prepare(
      `SELECT ${COLUMNS} FROM promo_uses WHERE code = ? AND email = ? AND ${ACTIVE}`,
    ),
    count: db.prepare(`SELECT count(*) AS uses FROM promo_uses WHERE code = ? AND ${ACTIVE}`),
    insert: db.prepare(`INSERT INTO promo_uses (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`),
    // An active use is the only one of its booking, so the booking finds it.
    setState: db.prepare(
      `UPDATE promo_uses SET state = ?, updated_at = ? WHERE booking_id = ? AND ${ACTIVE}`,
    ),
  };

  const held = (bookingId: string) => promoUseOfRow(statements.ofBooking.get(bookingId));

  function settle(bookingId: string, state: 'consumed' | 'released', at: string) {
    return runInTransaction(() => {
      const { use, changed } = settleUse(held(bookingId), state, at);
      if (use && changed) statements.setState.run(use.state, use.updatedAt, use.bookingId);
      return use;
    });
  }

  return {
    kind: 'sqlite',

    reserve(raw) {
      const input = normaliseReserveInput(raw);
      return runInTransaction(() => {
        const plan = decideReserve(input, {
          held: held(input.bookingId),
          emailUse: promoUseOfRow(statements.ofEmail.get(input.code, input.email)),
          activeUses: Number(statements.count.get(input.code)?.uses ?? 0),
        });
        for (const use of plan.release) {
          statements.setState.run(use.state, use.updatedAt, use.bookingId);
        }
        const use = plan.reserve;
        if (use) {
          statements.insert.run(
            use.code,
            use.email,
            use.bookingId,
            use.state,
            use.reservedAt,
            use.updatedAt,
          );
        }
        return plan.outcome;
      });
    },

    consume: (bookingId, at) => settle(bookingId, 'consumed', at),

    release: (bookingId, at) => settle(bookingId, 'released', at),

    useOf: (bookingId) => run(() => held(bookingId)),

    activeUses: (code) =>
      run(() => Number(statements.count.get(normalisePromoCode(code))?.uses ?? 0)),

    close,
  };
}
