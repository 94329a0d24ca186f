// The DispatchStore port: the chauffeurs and cars staff manage, and each booking's job (who drives
// it, in which car, and the time it keeps them busy). One port for the three, since an assignment
// reads and writes the jobs of a chauffeur and a car in one transaction: two staff assigning the
// same chauffeur (or car) to overlapping jobs at the same moment, on any instance, leave exactly one
// of the two assigned (docs/decisions/054-dispatch-jobs-and-their-refusals.md). Two adapters on the
// store's database: tables of the SQLite file (migration 14) and collections in Firestore. Both
// pass tests/integration/dispatch-store.contract.ts.

/** A chauffeur who drives for the business. Dates are Queensland dates (YYYY-MM-DD). */
export interface ChauffeurRecord {
  id: string;
  firstName: string;
  lastName: string;
  /** E.164, "+61412345678". */
  mobile: string;
  email: string;
  licenceExpiry: string;
  /** The Queensland driver authorisation's expiry. */
  authorisationExpiry: string;
  active: boolean;
  /** The application the chauffeur was made from; null when added by hand. */
  applicationId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A car of the fleet. Its id is its registration plate as letters and digits, upper case. */
export interface CarRecord {
  id: string;
  /** As staff typed it, upper case ("123 ABC"). */
  plate: string;
  makeModel: string;
  /** The CMS vehicle type the car counts as (its document id, "vehicleType.premium-suv"). */
  vehicleTypeId: string;
  seats: number;
  registrationExpiry: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * A booking's job: the chauffeur and car on it (both null once unassigned) and the time it keeps
 * them busy, pickup to estimated end plus the buffer. `sequence` is the chauffeur's calendar
 * file's SEQUENCE: 0 when first assigned, one more on every change, the unassignment included.
 */
export interface JobRecord {
  bookingId: string;
  reference: string;
  chauffeurId: string | null;
  carId: string | null;
  /** ISO 8601, UTC. */
  start: string;
  end: string;
  sequence: number;
  updatedAt: string;
  updatedBy: string;
}

export interface AssignInput {
  bookingId: string;
  reference: string;
  chauffeurId: string;
  carId: string;
  start: string;
  end: string;
  at: string;
  by: string;
}

export type AssignOutcome =
  | { ok: true; job: JobRecord; previous: JobRecord | null }
  /** The chauffeur or the car is on another booking's job whose time overlaps. */
  | { ok: false; busy: 'chauffeur' | 'car'; bookingId: string; reference: string };

export interface DispatchStore {
  readonly kind: 'sqlite' | 'firestore';

  /** Adds a chauffeur under its id; false (nothing written) when that id is taken. */
  addChauffeur(chauffeur: ChauffeurRecord): Promise<boolean>;
  /** Sets fields of one chauffeur; the chauffeur as it now is, or null for an unknown id. */
  updateChauffeur(
    id: string,
    fields: Partial<Omit<ChauffeurRecord, 'id' | 'createdAt' | 'applicationId'>>,
  ): Promise<ChauffeurRecord | null>;
  getChauffeur(id: string): Promise<ChauffeurRecord | null>;
  /** Every chauffeur, by last name then first name. */
  listChauffeurs(): Promise<ChauffeurRecord[]>;

  /** Adds a car under its id (the plate); false (nothing written) when that plate is taken. */
  addCar(car: CarRecord): Promise<boolean>;
  updateCar(
    id: string,
    fields: Partial<Omit<CarRecord, 'id' | 'plate' | 'createdAt'>>,
  ): Promise<CarRecord | null>;
  getCar(id: string): Promise<CarRecord | null>;
  /** Every car, by plate. */
  listCars(): Promise<CarRecord[]>;

  /** A booking's job; null when it was never assigned. */
  getJob(bookingId: string): Promise<JobRecord | null>;
  /** The jobs of these bookings (those that have one), in no set order. */
  listJobs(bookingIds: readonly string[]): Promise<JobRecord[]>;
  /**
   * Puts the chauffeur and car on the booking's job (a first assignment or a change), in one
   * transaction with the check that neither is on another job whose time overlaps.
   */
  assign(input: AssignInput): Promise<AssignOutcome>;
  /**
   * Takes the chauffeur and car off the booking's job (its sequence one more); null when it has
   * none on it.
   */
  unassign(
    bookingId: string,
    change: { at: string; by: string },
  ): Promise<{ job: JobRecord; previous: JobRecord } | null>;

  close(): Promise<void>;
}

/** A plate as a car's id: its letters and digits, upper case ("123 abc" → "123ABC"). */
export function carIdOf(plate: string): string {
  return plate.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Whether two times [start, end) overlap (ISO 8601 UTC strings compare in time order). */
export function overlaps(a: { start: string; end: string }, b: { start: string; end: string }) {
  return a.start < b.end && b.start < a.end;
}

/** The job after an assignment: the sequence one more than the previous job's, else 0. */
export function assignedJob(input: AssignInput, previous: JobRecord | null): JobRecord {
  return {
    bookingId: input.bookingId,
    reference: input.reference,
    chauffeurId: input.chauffeurId,
    carId: input.carId,
    start: input.start,
    end: input.end,
    sequence: previous ? previous.sequence + 1 : 0,
    updatedAt: input.at,
    updatedBy: input.by,
  };
}

/** The job after an unassignment; null when nobody is on it. */
export function unassignedJob(
  previous: JobRecord | null,
  { at, by }: { at: string; by: string },
): JobRecord | null {
  if (!previous || (previous.chauffeurId === null && previous.carId === null)) return null;
  return {
    ...previous,
    chauffeurId: null,
    carId: null,
    sequence: previous.sequence + 1,
    updatedAt: at,
    updatedBy: by,
  };
}

export const byChauffeurName = (a: ChauffeurRecord, b: ChauffeurRecord) =>
  a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName);
