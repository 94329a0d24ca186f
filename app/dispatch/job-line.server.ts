// A job as the run sheet prints it on one line, and the chauffeur's job sheet (email and calendar
// file) repeats it: the same fields from one place, so the sheet and the email never disagree.
import {
  childSeatKindsText,
  describeLuggage,
  formatPhone,
  placeText,
  to12HourTime,
  type Booking,
} from '@business-chauffeur/booking-contract';
import { formatStoredPhone } from '@business-chauffeur/booking-contract';
import type { CarRecord, ChauffeurRecord, JobRecord } from '~/store/dispatch-store.server';

export interface JobLine {
  bookingId: string;
  reference: string;
  /** Queensland date and 24-hour time, as booked. */
  date: string;
  time: string;
  /** "9:30 AM". */
  timeText: string;
  status: Booking['status'];
  /** Null while nobody is assigned. */
  chauffeur: { id: string; name: string; mobile: string } | null;
  car: { id: string; plate: string; makeModel: string } | null;
  /** The vehicle type booked. */
  vehicle: string;
  pickup: string;
  flight: string;
  stops: string[];
  drop: string;
  /** "4 hours" for a booking by the hour; empty otherwise. */
  hours: string;
  passengers: number;
  luggage: string;
  childSeats: string;
  trailer: boolean;
  notes: string;
  passenger: { name: string; mobile: string };
}

export const chauffeurName = (chauffeur: Pick<ChauffeurRecord, 'firstName' | 'lastName'>) =>
  `${chauffeur.firstName} ${chauffeur.lastName}`;

export function jobLine(
  booking: Booking,
  job: JobRecord | null,
  chauffeur: ChauffeurRecord | null,
  car: CarRecord | null,
): JobLine {
  const { trip } = booking;
  const { passenger } = booking.contacts;
  const assigned = job !== null && job.chauffeurId !== null;
  return {
    bookingId: booking.id,
    reference: booking.reference,
    date: trip.date,
    time: trip.time,
    timeText: to12HourTime(trip.time) ?? trip.time,
    status: booking.status,
    chauffeur:
      assigned && chauffeur
        ? {
            id: chauffeur.id,
            name: chauffeurName(chauffeur),
            mobile: formatStoredPhone(chauffeur.mobile),
          }
        : null,
    car: assigned && car ? { id: car.id, plate: car.plate, makeModel: car.makeModel } : null,
    vehicle: booking.vehicle.name,
    pickup: placeText(trip.pickup),
    flight: trip.flightNumber ?? '',
    stops: trip.stops.map(placeText),
    drop: placeText(trip.drop),
    hours: trip.byTheHour ? `${trip.hours} ${trip.hours === 1 ? 'hour' : 'hours'}` : '',
    passengers: trip.passengers,
    luggage: describeLuggage(trip) ?? '',
    childSeats: childSeatKindsText(trip.childSeats),
    trailer: trip.trailer,
    notes: trip.notes,
    passenger: {
      name: `${passenger.firstName} ${passenger.lastName}`,
      mobile: formatPhone(passenger.countryCode, passenger.mobileNumber),
    },
  };
}

/** The line as label and value pairs (the job sheet email and its calendar file). */
export function jobLineRows(line: JobLine): [string, string][] {
  return [
    ['Booking number', line.reference],
    ['Pickup', `${line.date} at ${line.timeText} (Queensland time)`],
    ['From', line.pickup],
    ...(line.flight ? [['Flight', line.flight] as [string, string]] : []),
    ...line.stops.map((stop, index): [string, string] => [`Stop ${index + 1}`, stop]),
    ['To', line.drop],
    ...(line.hours ? [['Booked for', line.hours] as [string, string]] : []),
    ['Vehicle booked', line.vehicle],
    ...(line.car ? [['Car', `${line.car.plate}, ${line.car.makeModel}`] as [string, string]] : []),
    ['Passengers', String(line.passengers)],
    ...(line.luggage ? [['Luggage', line.luggage] as [string, string]] : []),
    ...(line.childSeats ? [['Child seats', line.childSeats] as [string, string]] : []),
    ...(line.trailer ? [['Trailer', 'Yes'] as [string, string]] : []),
    ['Passenger', `${line.passenger.name}, ${line.passenger.mobile}`],
    ...(line.notes ? [['Notes', line.notes] as [string, string]] : []),
  ];
}
