// What the SQLite feedback and application stores share: a table of records, each added once under
// a new random id (never overwritten by an add) and listed newest first by `created_at`. The record
// is kept as JSON in `document`, with the columns an index needs pulled out beside it; `update`
// changes fields of the document only (staff handling), never the id or those columns.
import type { SQLInputValue } from 'node:sqlite';
import { newDocumentId } from './booking-ids.server';
import { documentOf, openSqliteStore } from './sqlite-store.server';

export interface SqliteRecordLog<T extends { id: string }> {
  add(record: Omit<T, 'id'>): Promise<T>;
  newest(limit: number): Promise<T[]>;
  /** One record by its id; null when there is none. */
  get(id: string): Promise<T | null>;
  /**
   * Sets top-level fields of one record's document (read and written in one transaction); the
   * record as it now is, or null when there is none.
   */
  update(id: string, fields: Partial<Omit<T, 'id'>>): Promise<T | null>;
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
  const { db, run, runInTransaction, close } = openSqliteStore(filename, store);
  const names = Object.keys(columns);
  const insert = db.prepare(
    `INSERT INTO ${table} (id, ${names.join(', ')}, document)
     VALUES (?, ${names.map(() => '?').join(', ')}, ?)`,
  );
  const newest = db.prepare(
    `SELECT document FROM ${table} ORDER BY created_at DESC, rowid DESC LIMIT ?`,
  );
  const byId = db.prepare(`SELECT document FROM ${table} WHERE id = ?`);
  const rewrite = db.prepare(`UPDATE ${table} SET document = ? WHERE id = ?`);
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
    get(id) {
      return run(() => documentOf<T>(byId.get(id)));
    },
    update(id, fields) {
      return runInTransaction(() => {
        const current = documentOf<T>(byId.get(id));
        if (!current) return null;
        const next = { ...current, ...fields, id: current.id } as T;
        rewrite.run(JSON.stringify(next), id);
        return next;
      });
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
