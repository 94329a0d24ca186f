// The embedded DispatchStore: the `chauffeurs`, `cars` and `dispatch_jobs` tables of the store's
// SQLite file (migration 14), one JSON document per record. A job's chauffeur, car and time are
// columns beside its document, so the overlap check of an assignment is one indexed query, run in
// the same BEGIN IMMEDIATE transaction as the write: every process on the file takes its turn.
import type { SQLInputValue } from 'node:sqlite';
import {
  assignedJob,
  byChauffeurName,
  unassignedJob,
  type CarRecord,
  type ChauffeurRecord,
  type DispatchStore,
  type JobRecord,
} from './dispatch-store.server';
import { documentOf, openSqliteStore } from './sqlite-store.server';

/** SQLite's own limit on bound parameters is higher; a day's run sheet asks for far fewer. */
const IDS_PER_QUERY = 500;

export function createSqliteDispatchStore({ filename }: { filename: string }): DispatchStore {
  const { db, run, runInTransaction, close } = openSqliteStore(filename, 'dispatch store');
  const insertChauffeur = db.prepare(
    'INSERT OR IGNORE INTO chauffeurs (id, created_at, document) VALUES (?, ?, ?)',
  );
  const chauffeurById = db.prepare('SELECT document FROM chauffeurs WHERE id = ?');
  const rewriteChauffeur = db.prepare('UPDATE chauffeurs SET document = ? WHERE id = ?');
  const allChauffeurs = db.prepare('SELECT document FROM chauffeurs');
  const insertCar = db.prepare(
    'INSERT OR IGNORE INTO cars (id, created_at, document) VALUES (?, ?, ?)',
  );
  const carById = db.prepare('SELECT document FROM cars WHERE id = ?');
  const rewriteCar = db.prepare('UPDATE cars SET document = ? WHERE id = ?');
  const allCars = db.prepare('SELECT document FROM cars ORDER BY id');
  const jobById = db.prepare('SELECT document FROM dispatch_jobs WHERE booking_id = ?');
  const writeJob = db.prepare(
    `INSERT INTO dispatch_jobs (booking_id, chauffeur_id, car_id, starts_at, ends_at, document)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (booking_id) DO UPDATE SET chauffeur_id = excluded.chauffeur_id,
       car_id = excluded.car_id, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
       document = excluded.document`,
  );
  const chauffeurBusy = db.prepare(
    `SELECT document FROM dispatch_jobs
     WHERE chauffeur_id = ? AND booking_id <> ? AND starts_at < ? AND ends_at > ?
     ORDER BY starts_at LIMIT 1`,
  );
  const carBusy = db.prepare(
    `SELECT document FROM dispatch_jobs
     WHERE car_id = ? AND booking_id <> ? AND starts_at < ? AND ends_at > ?
     ORDER BY starts_at LIMIT 1`,
  );

  const saveJob = (job: JobRecord) =>
    writeJob.run(
      job.bookingId,
      job.chauffeurId,
      job.carId,
      job.start,
      job.end,
      JSON.stringify(job),
    );

  function update<T extends { id: string }>(
    read: { get(id: SQLInputValue): Record<string, unknown> | undefined },
    write: { run(...values: SQLInputValue[]): unknown },
    id: string,
    fields: Partial<T>,
  ): Promise<T | null> {
    return runInTransaction(() => {
      const current = documentOf<T>(read.get(id));
      if (!current) return null;
      const next = { ...current, ...fields, id: current.id } as T;
      write.run(JSON.stringify(next), id);
      return next;
    });
  }

  return {
    kind: 'sqlite',
    addChauffeur: (chauffeur) =>
      run(
        () =>
          insertChauffeur.run(chauffeur.id, chauffeur.createdAt, JSON.stringify(chauffeur))
            .changes === 1,
      ),
    updateChauffeur: (id, fields) =>
      update<ChauffeurRecord>(chauffeurById, rewriteChauffeur, id, fields),
    getChauffeur: (id) => run(() => documentOf<ChauffeurRecord>(chauffeurById.get(id))),
    listChauffeurs: () =>
      run(() =>
        allChauffeurs
          .all()
          .map((row) => documentOf<ChauffeurRecord>(row)!)
          .sort(byChauffeurName),
      ),
    addCar: (car) =>
      run(() => insertCar.run(car.id, car.createdAt, JSON.stringify(car)).changes === 1),
    updateCar: (id, fields) => update<CarRecord>(carById, rewriteCar, id, fields),
    getCar: (id) => run(() => documentOf<CarRecord>(carById.get(id))),
    listCars: () => run(() => allCars.all().map((row) => documentOf<CarRecord>(row)!)),
    getJob: (bookingId) => run(() => documentOf<JobRecord>(jobById.get(bookingId))),
    listJobs: (bookingIds) =>
      run(() => {
        const jobs: JobRecord[] = [];
        for (let i = 0; i < bookingIds.length; i += IDS_PER_QUERY) {
          const ids = bookingIds.slice(i, i + IDS_PER_QUERY);
          const rows = db
            .prepare(
              `SELECT document FROM dispatch_jobs
               WHERE booking_id IN (${ids.map(() => '?').join(', ')})`,
            )
            .all(...ids);
          jobs.push(...rows.map((row) => documentOf<JobRecord>(row)!));
        }
        return jobs;
      }),
    assign: (input) =>
      runInTransaction(() => {
        const window = [input.bookingId, input.end, input.start] as const;
        const chauffeurClash = documentOf<JobRecord>(
          chauffeurBusy.get(input.chauffeurId, ...window),
        );
        const clash = chauffeurClash ?? documentOf<JobRecord>(carBusy.get(input.carId, ...window));
        if (clash) {
          return {
            ok: false as const,
            busy: chauffeurClash ? ('chauffeur' as const) : ('car' as const),
            bookingId: clash.bookingId,
            reference: clash.reference,
          };
        }
        const previous = documentOf<JobRecord>(jobById.get(input.bookingId));
        const job = assignedJob(input, previous);
        saveJob(job);
        return { ok: true as const, job, previous };
      }),
    unassign: (bookingId, change) =>
      runInTransaction(() => {
        const previous = documentOf<JobRecord>(jobById.get(bookingId));
        const job = unassignedJob(previous, change);
        if (!job || !previous) return null;
        saveJob(job);
        return { job, previous };
      }),
    close,
  };
}
