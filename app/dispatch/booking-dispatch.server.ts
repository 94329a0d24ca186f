// The "Chauffeur and car" part of a booking's staff page: who and what is on the job now, and the
// active chauffeurs and cars to choose from (the form's options; the action checks the rest).
import type { Booking } from '@business-chauffeur/booking-contract';
import { formatStoredPhone } from '@business-chauffeur/booking-contract';
import { getDispatchStore } from '~/store/store.server';
import { assignmentMessages } from './assignment.server';
import { chauffeurName } from './job-line.server';

export async function bookingDispatchView(booking: Booking) {
  const store = getDispatchStore();
  const [job, chauffeurs, cars] = await Promise.all([
    store.getJob(booking.id),
    store.listChauffeurs(),
    store.listCars(),
  ]);
  const chauffeur = chauffeurs.find((entry) => entry.id === job?.chauffeurId) ?? null;
  const car = cars.find((entry) => entry.id === job?.carId) ?? null;
  return {
    canAssign: booking.status === 'CONFIRMED',
    notAssignable: assignmentMessages.notPaid,
    assigned:
      chauffeur && car
        ? {
            chauffeurId: chauffeur.id,
            carId: car.id,
            chauffeur: `${chauffeurName(chauffeur)} (${formatStoredPhone(chauffeur.mobile)})`,
            car: `${car.plate}, ${car.makeModel}`,
          }
        : null,
    chauffeurs: chauffeurs
      .filter((entry) => entry.active)
      .map((entry) => ({ value: entry.id, label: chauffeurName(entry) })),
    cars: cars
      .filter((entry) => entry.active)
      .map((entry) => ({
        value: entry.id,
        label: `${entry.plate}, ${entry.makeModel} (${entry.seats} seats)`,
      })),
  };
}
