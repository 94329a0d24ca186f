// The embedded AttentionStore: the `booking_attention` table of the store's SQLite file
// (migration 16), one row per booking with `unseen` beside its JSON document. A raise and a mark
// each read and write in one BEGIN IMMEDIATE transaction.
import { raised, seen, type Attention, type AttentionStore } from './attention-store.server';
import { documentOf, openSqliteStore } from './sqlite-store.server';

export function createSqliteAttentionStore({ filename }: { filename: string }): AttentionStore {
  const { db, run, runInTransaction, close } = openSqliteStore(filename, 'attention store');
  const statements = {
    get: db.prepare('SELECT document FROM booking_attention WHERE booking_id = ?'),
    put: db.prepare(
      `INSERT INTO booking_attention (booking_id, unseen, document) VALUES (?, ?, ?)
        ON CONFLICT (booking_id) DO UPDATE SET unseen = excluded.unseen, document = excluded.document`,
    ),
  };
  const get = (bookingId: string) => documentOf<Attention>(statements.get.get(bookingId));
  const put = (record: Attention) =>
    statements.put.run(record.bookingId, record.seenAt === null ? 1 : 0, JSON.stringify(record));

  return {
    kind: 'sqlite',
    raise: (bookingId, reason, at) =>
      runInTransaction(() => {
        const record = raised(get(bookingId), bookingId, reason, at);
        put(record);
        return record;
      }),
    markSeen: (bookingId, by, at) =>
      runInTransaction(() => {
        const record = seen(get(bookingId), by, at);
        if (record) put(record);
        return record !== null;
      }),
    listUnseen: (bookingIds) =>
      run(() =>
        [...new Set(bookingIds)]
          .map(get)
          .filter((record): record is Attention => record !== null && record.seenAt === null),
      ),
    close,
  };
}
