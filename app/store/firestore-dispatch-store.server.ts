// The hosted DispatchStore: the `chauffeurs`, `cars` and `dispatchJobs` collections, and
// `dispatchDays`: one small document per chauffeur (or car) and UTC day, holding the time of each
// job that keeps them busy on that day. Two jobs that overlap share a day, so an assignment reads
// the day documents of its chauffeur and car over its time, checks them and writes them back in
// one transaction: two assignments at once that could clash read the same document, and Firestore
// lets only one of them commit as read (the other runs again and sees the first). A query in a
// transaction would guard the same on the server, but not every emulator version locks a range.
import type { CollectionReference, DocumentReference, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections.server';
import {
  assignedJob,
  byChauffeurName,
  overlaps,
  unassignedJob,
  type AssignOutcome,
  type CarRecord,
  type ChauffeurRecord,
  type DispatchStore,
  type JobRecord,
} from './dispatch-store.server';
import { openFirestore, type FirestoreOptions } from './firebase-app.server';

interface DayDocument {
  /** By booking id: the job's time and reference. */
  jobs: Record<string, { start: string; end: string; reference: string }>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC days (YYYY-MM-DD) a time [start, end) touches. */
export function daysOf({ start, end }: { start: string; end: string }): string[] {
  const days: string[] = [];
  const last = new Date(end).getTime() - 1;
  for (let at = Date.parse(`${start.slice(0, 10)}T00:00:00.000Z`); at <= last; at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days.length > 0 ? days : [start.slice(0, 10)];
}

export function createFirestoreDispatchStore(options: FirestoreOptions): DispatchStore {
  const { db, run, close } = openFirestore(options, 'dispatch-store');
  const chauffeurs = db.collection(COLLECTIONS.chauffeurs);
  const cars = db.collection(COLLECTIONS.cars);
  const jobs = db.collection(COLLECTIONS.dispatchJobs);
  const days = db.collection(COLLECTIONS.dispatchDays);
  const dayRef = (kind: 'chauffeur' | 'car', id: string, day: string) =>
    days.doc(`${kind}_${id}_${day}`);

  /** The day documents a job's chauffeur and car hold it in. */
  function dayRefsOf(job: Pick<JobRecord, 'chauffeurId' | 'carId' | 'start' | 'end'>) {
    const refs: { kind: 'chauffeur' | 'car'; ref: DocumentReference }[] = [];
    for (const day of daysOf(job)) {
      if (job.chauffeurId)
        refs.push({ kind: 'chauffeur', ref: dayRef('chauffeur', job.chauffeurId, day) });
      if (job.carId) refs.push({ kind: 'car', ref: dayRef('car', job.carId, day) });
    }
    return refs;
  }

  async function readDays(transaction: Transaction, refs: DocumentReference[]) {
    const unique = [...new Map(refs.map((ref) => [ref.path, ref])).values()];
    const snapshots = unique.length > 0 ? await transaction.getAll(...unique) : [];
    return new Map(
      snapshots.map((snapshot) => [
        snapshot.ref.path,
        {
          ref: snapshot.ref,
          jobs: { ...((snapshot.data() as DayDocument | undefined)?.jobs ?? {}) },
        },
      ]),
    );
  }

  function update<T extends { id: string }>(
    collection: CollectionReference,
    id: string,
    fields: Partial<T>,
  ): Promise<T | null> {
    return run(() =>
      db.runTransaction(async (transaction) => {
        const ref = collection.doc(id);
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists) return null;
        const changed: Record<string, unknown> = { ...fields };
        delete changed.id;
        transaction.update(ref, changed);
        return { ...(snapshot.data() as T), ...changed } as T;
      }),
    );
  }

  /** Creates a document; false when its id is taken. */
  async function create(ref: DocumentReference, record: object): Promise<boolean> {
    try {
      await ref.create(record);
      return true;
    } catch (error) {
      // ALREADY_EXISTS
      if ((error as { code?: unknown }).code === 6) return false;
      throw error;
    }
  }

  return {
    kind: 'firestore',
    addChauffeur: (chauffeur) => run(() => create(chauffeurs.doc(chauffeur.id), chauffeur)),
    updateChauffeur: (id, fields) => update<ChauffeurRecord>(chauffeurs, id, fields),
    getChauffeur: (id) =>
      run(async () => {
        const snapshot = await chauffeurs.doc(id).get();
        return snapshot.exists ? (snapshot.data() as ChauffeurRecord) : null;
      }),
    listChauffeurs: () =>
      run(async () =>
        (await chauffeurs.get()).docs
          .map((doc) => doc.data() as ChauffeurRecord)
          .sort(byChauffeurName),
      ),
    addCar: (car) => run(() => create(cars.doc(car.id), car)),
    updateCar: (id, fields) => update<CarRecord>(cars, id, fields),
    getCar: (id) =>
      run(async () => {
        const snapshot = await cars.doc(id).get();
        return snapshot.exists ? (snapshot.data() as CarRecord) : null;
      }),
    listCars: () =>
      run(async () => (await cars.orderBy('id').get()).docs.map((doc) => doc.data() as CarRecord)),
    getJob: (bookingId) =>
      run(async () => {
        const snapshot = await jobs.doc(bookingId).get();
        return snapshot.exists ? (snapshot.data() as JobRecord) : null;
      }),
    listJobs: (bookingIds) =>
      run(async () => {
        if (bookingIds.length === 0) return [];
        const snapshots = await db.getAll(...bookingIds.map((id) => jobs.doc(id)));
        return snapshots.filter((s) => s.exists).map((s) => s.data() as JobRecord);
      }),
    assign: (input) =>
      run(() =>
        db.runTransaction(async (transaction): Promise<AssignOutcome> => {
          const jobRef = jobs.doc(input.bookingId);
          const previousSnapshot = await transaction.get(jobRef);
          const previous = previousSnapshot.exists ? (previousSnapshot.data() as JobRecord) : null;
          const wanted = dayRefsOf(input);
          const held = previous ? dayRefsOf(previous) : [];
          const read = await readDays(
            transaction,
            [...wanted, ...held].map(({ ref }) => ref),
          );
          for (const kind of ['chauffeur', 'car'] as const) {
            for (const { ref } of wanted.filter((entry) => entry.kind === kind)) {
              const entries = read.get(ref.path)?.jobs ?? {};
              for (const [bookingId, other] of Object.entries(entries)) {
                if (bookingId !== input.bookingId && overlaps(other, input)) {
                  return { ok: false, busy: kind, bookingId, reference: other.reference };
                }
              }
            }
          }
          const job = assignedJob(input, previous);
          for (const { ref } of held) delete read.get(ref.path)!.jobs[input.bookingId];
          for (const { ref } of wanted) {
            read.get(ref.path)!.jobs[input.bookingId] = {
              start: job.start,
              end: job.end,
              reference: job.reference,
            };
          }
          for (const day of read.values()) transaction.set(day.ref, { jobs: day.jobs });
          transaction.set(jobRef, job);
          return { ok: true, job, previous };
        }),
      ),
    unassign: (bookingId, change) =>
      run(() =>
        db.runTransaction(async (transaction) => {
          const jobRef = jobs.doc(bookingId);
          const snapshot = await transaction.get(jobRef);
          const previous = snapshot.exists ? (snapshot.data() as JobRecord) : null;
          const job = unassignedJob(previous, change);
          if (!job || !previous) return null;
          const held = dayRefsOf(previous);
          const read = await readDays(
            transaction,
            held.map(({ ref }) => ref),
          );
          for (const day of read.values()) {
            delete day.jobs[bookingId];
            transaction.set(day.ref, { jobs: day.jobs });
          }
          transaction.set(jobRef, job);
          return { job, previous };
        }),
      ),
    close,
  };
}
