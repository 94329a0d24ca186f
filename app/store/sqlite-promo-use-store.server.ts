// The embedded PromoUseStore: the `promo_uses` table of the store's SQLite file (migrations 6 and
// 11). Every change reads and writes inside one BEGIN IMMEDIATE transaction, which takes the
// file's write lock before the first read: two processes on the same file (two instances, a
// script) queue for it (the busy timeout of openSqliteDatabase), so the second one counts the
// first one's use and both can never pass the check. Within a process node:sqlite is synchronous,
// so one transaction runs to its end before another starts.
import {
  decideConsume,
  decideReserve,
  normalisePromoCode,
  normaliseReserveInput,
  usesToRelease,
  type PromoUse,
  type PromoUseState,
  type PromoUseStore,
} from './promo-use-store.server';
import { openSqliteStore } from './sqlite-store.server';

const ACTIVE = `state <> 'released'`;
const COLUMNS = 'code, email, booking_id, state, reserved_at, updated_at';

function promoUseOfRow(row: Record<string, unknown>): PromoUse {
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
    ofBooking: db.prepare(
      `SELECT ${COLUMNS} FROM promo_uses WHERE booking_id = ? AND ${ACTIVE} ORDER BY id`,
    ),
    emailPaid: db.prepare(
      `SELECT 1 FROM promo_uses
        WHERE code = ? AND email = ? AND state = 'consumed' AND booking_id <> ? LIMIT 1`,
    ),
    count: db.prepare(`SELECT count(*) AS uses FROM promo_uses WHERE code = ? AND ${ACTIVE}`),
    insert: db.prepare(`INSERT INTO promo_uses (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`),
    // A booking's active use of a code is the only one (a unique index), so both find it.
    setState: db.prepare(
      `UPDATE promo_uses SET state = ?, updated_at = ?
        WHERE booking_id = ? AND code = ? AND ${ACTIVE}`,
    ),
  };

  const held = (bookingId: string) =>
    statements.ofBooking.all(bookingId).map((row) => promoUseOfRow(row));
  const emailPaid = (code: string, email: string, bookingId: string) =>
    statements.emailPaid.get(code, email, bookingId) !== undefined;

  function store(use: PromoUse, isNew: boolean) {
    if (isNew) {
      statements.insert.run(
        use.code,
        use.email,
        use.bookingId,
        use.state,
        use.reservedAt,
        use.updatedAt,
      );
    } else {
      statements.setState.run(use.state, use.updatedAt, use.bookingId, use.code);
    }
  }

  return {
    kind: 'sqlite',

    reserve(raw) {
      const input = normaliseReserveInput(raw);
      return runInTransaction(() => {
        const plan = decideReserve(input, {
          held: held(input.bookingId),
          emailPaid: emailPaid(input.code, input.email, input.bookingId),
          activeUses: Number(statements.count.get(input.code)?.uses ?? 0),
        });
        if (plan.reserve) store(plan.reserve, true);
        return plan.outcome;
      });
    },

    consume(raw) {
      const input = {
        ...raw,
        code: raw.code === null ? null : normalisePromoCode(raw.code),
        email: raw.email.trim().toLowerCase(),
      };
      return runInTransaction(() => {
        const plan = decideConsume(input, {
          held: held(input.bookingId),
          emailPaid: input.code !== null && emailPaid(input.code, input.email, input.bookingId),
        });
        for (const use of plan.write) {
          store(use, plan.added && use.state === 'consumed');
        }
        return plan.outcome;
      });
    },

    release: (bookingId, at, { except } = {}) =>
      runInTransaction(() => {
        const released = usesToRelease(held(bookingId), at, except);
        for (const use of released) store(use, false);
        return released;
      }),

    usesOf: (bookingId) => run(() => held(bookingId)),

    activeUses: (code) =>
      run(() => Number(statements.count.get(normalisePromoCode(code))?.uses ?? 0)),

    close,
  };
}
