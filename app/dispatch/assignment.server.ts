// Putting a chauffeur and a car on a paid booking, changing them and taking them off, each with
// one audit entry. What depends only on the records is checked here, every reason given at once:
// the booking is paid, both are active, the licence, driver authorisation and registration are
// valid on the pickup date, the car is not of a smaller type than booked and seats the passengers.
// The overlap with their other jobs (pickup to estimated end plus the buffer) is checked by the
// store in the transaction that writes the job, so two staff assigning at once cannot both win
// (docs/decisions/054-dispatch-jobs-and-their-refusals.md). Every change emails the chauffeurs it
// concerns their job sheet (job-sheet-email.server.ts).
import type { Booking } from '@business-chauffeur/booking-contract';
import type { CarRecord, ChauffeurRecord, JobRecord } from '~/store/dispatch-store.server';
import { getAuditLogStore, getBookingStore, getDispatchStore } from '~/store/store.server';
import { longDate } from '~/utils/booking-format';
import { log } from '~/utils/log.server';
import { dispatchMessages } from './dispatch-forms';
import { getDispatchSettings, isSmallerType, jobWindow } from './dispatch-settings.server';
import { chauffeurName } from './job-line.server';
import { sendJobSheets, sendRemovedJobSheet } from './job-sheet-email.server';

export const assignmentMessages = {
  notPaid:
    'Only a paid (confirmed) booking can be given a chauffeur and a car. This booking is not confirmed.',
  noPickupTime: 'This booking has no pickup time to plan the job around. Check its date and time.',
  chauffeurInactive: (name: string) =>
    `${name} is not active. Choose another chauffeur, or make them active on the Chauffeurs page.`,
  licenceExpired: (name: string, expiry: string, pickup: string) =>
    `${name}’s driver licence expires on ${longDate(expiry)}, before the pickup on ${longDate(pickup)}. Choose another chauffeur, or update the expiry on the Chauffeurs page once it is renewed.`,
  authorisationExpired: (name: string, expiry: string, pickup: string) =>
    `${name}’s driver authorisation expires on ${longDate(expiry)}, before the pickup on ${longDate(pickup)}. Choose another chauffeur, or update the expiry on the Chauffeurs page once it is renewed.`,
  carInactive: (plate: string) =>
    `Car ${plate} is not active. Choose another car, or make it active on the Cars page.`,
  registrationExpired: (plate: string, expiry: string, pickup: string) =>
    `Car ${plate}’s registration expires on ${longDate(expiry)}, before the pickup on ${longDate(pickup)}. Choose another car, or update the expiry on the Cars page once it is renewed.`,
  smallerType: (plate: string, carType: string, booked: string) =>
    `Car ${plate} counts as vehicle type ${carType}, smaller than the ${booked} booked. Choose a car of that type or larger.`,
  tooFewSeats: (plate: string, seats: number, passengers: number) =>
    `Car ${plate} has ${seats} passenger ${seats === 1 ? 'seat' : 'seats'}, fewer than the ${passengers} passengers booked. Choose a larger car.`,
  chauffeurBusy: (name: string, reference: string, buffer: number) =>
    `${name} is already on booking ${reference}, whose time overlaps this one (pickup to estimated end, plus ${buffer} minutes between jobs). Choose another chauffeur, or take them off ${reference} first.`,
  carBusy: (plate: string, reference: string, buffer: number) =>
    `Car ${plate} is already on booking ${reference}, whose time overlaps this one (pickup to estimated end, plus ${buffer} minutes between jobs). Choose another car, or take it off ${reference} first.`,
  unchanged: (name: string, plate: string) =>
    `${name} and car ${plate} are already on this booking.`,
  assigned: (name: string, plate: string) => `Assigned ${name} and car ${plate}.`,
  changed: (name: string, plate: string) => `Changed to ${name} and car ${plate}.`,
  notAssigned: 'This booking has no chauffeur or car to take off.',
  unassigned: (name: string, plate: string) => `Took ${name} and car ${plate} off this booking.`,
} as const;

export type AssignmentOutcome = { ok: true; message: string } | { ok: false; messages: string[] };

async function names(job: JobRecord | null) {
  const store = getDispatchStore();
  const [chauffeur, car] = await Promise.all([
    job?.chauffeurId ? store.getChauffeur(job.chauffeurId) : null,
    job?.carId ? store.getCar(job.carId) : null,
  ]);
  return {
    chauffeur: chauffeur ? chauffeurName(chauffeur) : (job?.chauffeurId ?? null),
    car: car ? car.plate : (job?.carId ?? null),
  };
}

/** Why the chauffeur and car cannot take the booking, going by their records alone. */
function recordRefusals(
  booking: Booking,
  chauffeur: ChauffeurRecord,
  car: CarRecord,
  types: Awaited<ReturnType<typeof getDispatchSettings>>['vehicleTypes'],
): string[] {
  const pickup = booking.trip.date;
  const name = chauffeurName(chauffeur);
  const reasons: string[] = [];
  if (!chauffeur.active) reasons.push(assignmentMessages.chauffeurInactive(name));
  if (chauffeur.licenceExpiry < pickup) {
    reasons.push(assignmentMessages.licenceExpired(name, chauffeur.licenceExpiry, pickup));
  }
  if (chauffeur.authorisationExpiry < pickup) {
    reasons.push(
      assignmentMessages.authorisationExpired(name, chauffeur.authorisationExpiry, pickup),
    );
  }
  if (!car.active) reasons.push(assignmentMessages.carInactive(car.plate));
  if (car.registrationExpiry < pickup) {
    reasons.push(assignmentMessages.registrationExpired(car.plate, car.registrationExpiry, pickup));
  }
  const carType = types.find((type) => type.id === car.vehicleTypeId);
  const booked = types.find((type) => type.id === booking.vehicle.id);
  if (isSmallerType(carType, booked)) {
    reasons.push(
      assignmentMessages.smallerType(
        car.plate,
        carType?.title ?? 'vehicle type no longer in the CMS',
        booked?.title ?? booking.vehicle.name,
      ),
    );
  }
  if (car.seats < booking.trip.passengers) {
    reasons.push(assignmentMessages.tooFewSeats(car.plate, car.seats, booking.trip.passengers));
  }
  return reasons;
}

export async function assignJob({
  bookingId,
  chauffeurId,
  carId,
  by,
  note = '',
  tripChanged = false,
  now = new Date(),
}: {
  bookingId: string;
  chauffeurId: string;
  carId: string;
  by: string;
  /** Why, in the audit entry. */
  note?: string;
  /** The trip changed: the job sheet goes again even when the job's time stays. */
  tripChanged?: boolean;
  now?: Date;
}): Promise<AssignmentOutcome> {
  const store = getDispatchStore();
  const [booking, chauffeur, car, settings] = await Promise.all([
    getBookingStore().getBooking(bookingId),
    store.getChauffeur(chauffeurId),
    store.getCar(carId),
    getDispatchSettings(),
  ]);
  if (!booking || booking.status !== 'CONFIRMED') {
    return { ok: false, messages: [assignmentMessages.notPaid] };
  }
  const missing = [
    ...(chauffeur ? [] : [dispatchMessages.chauffeurMissing]),
    ...(car ? [] : [dispatchMessages.carMissing]),
  ];
  if (!chauffeur || !car) return { ok: false, messages: missing };
  const refusals = recordRefusals(booking, chauffeur, car, settings.vehicleTypes);
  if (refusals.length > 0) return { ok: false, messages: refusals };
  const window = jobWindow(booking, settings.bufferMinutes);
  if (!window) return { ok: false, messages: [assignmentMessages.noPickupTime] };
  const name = chauffeurName(chauffeur);
  const current = await store.getJob(bookingId);
  if (
    !tripChanged &&
    current?.chauffeurId === chauffeurId &&
    current.carId === carId &&
    current.start === window.start &&
    current.end === window.end
  ) {
    return { ok: false, messages: [assignmentMessages.unchanged(name, car.plate)] };
  }
  const at = now.toISOString();
  const outcome = await store.assign({
    bookingId,
    reference: booking.reference,
    chauffeurId,
    carId,
    ...window,
    at,
    by,
  });
  if (!outcome.ok) {
    const buffer = settings.bufferMinutes;
    return {
      ok: false,
      messages: [
        outcome.busy === 'chauffeur'
          ? assignmentMessages.chauffeurBusy(name, outcome.reference, buffer)
          : assignmentMessages.carBusy(car.plate, outcome.reference, buffer),
      ],
    };
  }
  const before = await names(outcome.previous);
  const wasAssigned = before.chauffeur !== null;
  await getAuditLogStore().record({
    at,
    by,
    action: wasAssigned ? 'reassign' : 'assign',
    subjectId: bookingId,
    subjectLabel: booking.reference,
    note,
    before,
    after: { chauffeur: name, car: car.plate },
  });
  const emailed = await sendJobSheets({ booking, job: outcome.job, previous: outcome.previous });
  const message = wasAssigned
    ? assignmentMessages.changed(name, car.plate)
    : assignmentMessages.assigned(name, car.plate);
  return { ok: true, message: [message, emailed].filter(Boolean).join(' ') };
}

/**
 * After staff changed a booking's trip (date, time, passengers, notes): its job follows, with the
 * same chauffeur and car checked again for the new trip, and the chauffeur gets the changed job
 * sheet. When they can no longer take it (another job now overlaps, too few seats), they are taken
 * off it and told; staff are told why, to assign again. What to tell staff ('' when no job).
 */
export async function followTripChange(bookingId: string, by: string): Promise<string> {
  try {
    const job = await getDispatchStore().getJob(bookingId);
    if (!job?.chauffeurId || !job.carId) return '';
    const moved = await assignJob({
      bookingId,
      chauffeurId: job.chauffeurId,
      carId: job.carId,
      by,
      note: 'The trip changed',
      tripChanged: true,
    });
    if (moved.ok) return `The job follows the change. ${moved.message}`;
    const off = await unassignJob({ bookingId, by, note: 'The trip changed' });
    return [
      `The chauffeur and car could not stay on the changed trip: ${moved.messages.join(' ')}`,
      off.ok ? off.message : '',
      'Assign them again.',
    ]
      .filter(Boolean)
      .join(' ');
  } catch (error) {
    log.error('The job of a changed booking could not follow the change', { bookingId, error });
    return 'The chauffeur’s job could not be updated just now: check the chauffeur and car on this booking.';
  }
}

/** Takes the chauffeur and car off a booking (staff's "Unassign", or the booking cancelled). */
export async function unassignJob({
  bookingId,
  by,
  note = '',
  now = new Date(),
}: {
  bookingId: string;
  by: string;
  /** Why, in the audit entry ("Booking cancelled"). */
  note?: string;
  now?: Date;
}): Promise<AssignmentOutcome> {
  const booking = await getBookingStore().getBooking(bookingId);
  if (!booking) return { ok: false, messages: [assignmentMessages.notAssigned] };
  const at = now.toISOString();
  const outcome = await getDispatchStore().unassign(bookingId, { at, by });
  if (!outcome) return { ok: false, messages: [assignmentMessages.notAssigned] };
  const before = await names(outcome.previous);
  await getAuditLogStore().record({
    at,
    by,
    action: 'unassign',
    subjectId: bookingId,
    subjectLabel: booking.reference,
    note,
    before,
    after: { chauffeur: null, car: null },
  });
  const emailed = await sendRemovedJobSheet({
    booking,
    job: outcome.job,
    previous: outcome.previous,
  });
  const message = assignmentMessages.unassigned(before.chauffeur ?? '', before.car ?? '');
  return { ok: true, message: [message, emailed].filter(Boolean).join(' ') };
}

/**
 * A cancelled booking frees its chauffeur and car. Never fails the cancellation: a store fault is
 * logged for staff to unassign by hand.
 */
export async function releaseCancelledJob(bookingId: string, by: string): Promise<void> {
  try {
    await unassignJob({ bookingId, by, note: 'Booking cancelled' });
  } catch (error) {
    log.error('The chauffeur and car of a cancelled booking could not be freed', {
      bookingId,
      error,
    });
  }
}
