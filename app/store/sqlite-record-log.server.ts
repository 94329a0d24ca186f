// What the SQLite feedback and application stores share: a table of records that are only ever
// added (each under a new random id) and listed newest first by `created_at`. The record is kept
// as JSON in `document`, with the columns an index needs pulled out beside it.
import type { SQLInputValue } from 'node:sqlite';
import { newDocumentId } from './booking-ids.server';
import { documentOf, openSqliteStore } from './sqlite-store.server';

export interface SqliteRecordLog<T extends { id: string }> {
  add(record: Omit<T, 'id'>): Promise<T>;
  newest(limit: number): Promise<T[]>;
  /** The records whose `column` holds `value`, oldest first. */
  where(column: string, value: SQLInputValue, limit: number): Promise<T[]>;
  close(): Promise<void>;
}

export function openSqliteRecordLog<T extends { id: string }>(
  filename: string,
  {
    store,
    table,
    columns,
  }: {
    /** Named in its errors ("feedback store"). */
    store: string;
    table: string;
    /** The columns beside id and document, created_at among them, and their value for a record. */
    columns: Record<string, (record: T) => SQLInputValue>;
  },
): SqliteRecordLog<T> {
  const { db, run, close } = openSqliteStore(filename, store);
  const names = Object.keys(columns);
  const insert = db.prepare(
    `INSERT INTO ${table} (id, ${names.join(', ')}, document)
     VALUES (?, ${names.map(() => '?').join(', ')}, ?)`,
  );
  const newest = db.prepare(
    `SELECT document FROM ${table} ORDER BY created_at DESC, rowid DESC LIMIT ?`,
  );
  return {
    add(input) {
      return run(() => {
        const record = { id: newDocumentId(), ...input } as T;
        const values = Object.values(columns).map((value) => value(record));
        insert.run(record.id, ...values, JSON.stringify(record));
        return record;
      });
    },
    newest(limit) {
      return run(() => newest.all(limit).map((row) => documentOf<T>(row)!));
    },
    where(column, value, limit) {
      if (!names.includes(column)) throw new Error(`No column ${column} in ${table}.`);
      return run(() =>
        db
          .prepare(
            `SELECT document FROM ${table} WHERE ${column} = ?
             ORDER BY created_at, rowid LIMIT ?`,
          )
          .all(value, limit)
          .map((row) => documentOf<T>(row)!),
      );
    },
    close,
  };
}
