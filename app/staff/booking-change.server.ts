// Staff change a booking for the customer: date, time, passengers or notes, with the reason. The
// changed trip is checked by the booking rules a new booking follows (seats, child seats, luggage
// and extras per vehicle type, the horizon, the notice), with one override: a pickup inside the
// online notice that staff arranged by phone (docs/decisions/042-staff-changes-follow-the-booking-rules.md).
// It is priced again by the same fare engine as a quote (the route measured again, the surcharges
// of the new date and time); a promo discount applied before is kept as it was, never above the
// new fare. Staff see the new price first and apply the change at that price only.
//
// What was charged is never rewritten (docs/decisions/041-fare-adjustments-after-payment.md): a
// change at another price is recorded as an adjustment (the fare after it, the difference, who,
// when, why, its sequence), and what the changes leave to settle is owed by the customer (collected
// by a payment link sent with the change, app/booking/payment-links.server.ts) or due back to them
// (refunded through the staff refund flow). The customer is emailed
// the new details, with the adjustment note when the price changed, and a calendar file that
// replaces the old one (same UID, the next SEQUENCE).
import {
  brisbaneInstant,
  currentFare,
  fareBalanceCents,
  messages as contractMessages,
  NO_LUGGAGE,
  sameFareLines,
  sumLines,
  validateStep1,
  type Booking,
  type BookingRoute,
  type BookingVehicle,
  type FareAdjustment,
  type FareLine,
  type Place,
  type Trip,
} from '@business-chauffeur/booking-contract';
import { getBookingHorizonMonths } from '~/booking/booking-horizon.server';
import { buildConfirmationEmail, confirmationAudiences } from '~/booking/confirmation-email.server';
import { loadInvoiceBrand } from '~/booking/tax-invoice.server';
import { createQuote, TripDetailsError } from '~/booking/quotes.server';
import { getContentSource } from '~/content/content.server';
import { followTripChange } from '~/dispatch/assignment.server';
import { noteStaffNews } from '~/notify/staff-notices.server';
import { getMailer } from '~/mail/mail.server';
import { getPlaces } from '~/places/places-provider.server';
import { getAuditLogStore, getBookingStore } from '~/store/store.server';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
import { log } from '~/utils/log.server';
import { sendLinkFromStaff } from './payment-link-actions.server';
import { NOTICE_OVERRIDE, staffMessages } from './staff-forms';

export interface TripChange {
  date: string;
  time: string;
  passengers: number;
  notes: string;
}

/**
 * The places and the vehicle type, when staff change them: a place as typed (looked up with the
 * places provider unless it is the place booked), its address details, and the vehicle type's CMS
 * id. Absent: as booked.
 */
export interface PlaceAndVehicleChange {
  pickup?: string;
  pickupDetails?: string;
  drop?: string;
  dropDetails?: string;
  vehicleId?: string;
}

export interface ChangeRequest extends TripChange, PlaceAndVehicleChange {
  /** Why: the audit entry's note, and the adjustment note's reason when the price changes. */
  reason: string;
  /** Staff arranged a pickup inside the online notice by phone (the one override allowed). */
  arrangedByPhone: boolean;
}

export type ChangePreview =
  | {
      ok: true;
      /** The fare after the change, line by line; `totalCents` is their sum. */
      lines: FareLine[];
      totalCents: number;
      /** What was charged: the tax invoice's total. */
      chargedCents: number;
      /** The fare before this change: the charged fare, or the last change's. */
      currentCents: number;
      /** This change's difference: above 0 the fare goes up. */
      differenceCents: number;
      /** What is left to settle after this change: above 0 owed, below 0 due back. */
      balanceCents: number;
      /** The override this change needs (NOTICE_OVERRIDE), or null. */
      override: string | null;
      /** The trip, vehicle and route as they will be (places and vehicle as changed, measured again). */
      trip: Trip;
      vehicle: BookingVehicle;
      route: BookingRoute;
    }
  | { ok: false; message: string };

const m = contractMessages.booking;

/**
 * The booking rules the changed trip breaks, as messages for staff (none: it may be taken), and
 * the override it takes. Step 1's rules of a new booking run on the whole changed trip (its places,
 * extras and luggage as booked), with the horizon from Site settings. Of them, only the notice
 * gives way, and only for a pickup still ahead that staff arranged by phone.
 */
export function changeRuleProblems(
  trip: Trip,
  options: { now: Date; horizonMonths: number; arrangedByPhone: boolean },
): { problems: string[]; override: string | null } {
  const errors = validateStep1(
    { ...NO_LUGGAGE, ...trip, stops: trip.stops.map((stop) => ({ enabled: true, ...stop })) },
    { now: options.now, horizonMonths: options.horizonMonths },
  );
  let override: string | null = null;
  const problems: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    if (field === 'time' && message === m.timeTooSoon) {
      const pickup = brisbaneInstant(trip.date, trip.time);
      if (!pickup || pickup.getTime() <= options.now.getTime()) {
        problems.push(staffMessages.pickupPassed);
      } else if (options.arrangedByPhone) {
        override = NOTICE_OVERRIDE;
      } else {
        problems.push(staffMessages.pickupTooSoon);
      }
    } else if (field === 'date' && message === m.dateTooFar(options.horizonMonths)) {
      problems.push(staffMessages.beyondHorizon(options.horizonMonths));
    } else if (field === 'childSeats' && message === m.childSeatsOverPassengers) {
      const { babyCapsule, childSeat, booster } = trip.childSeats;
      problems.push(staffMessages.childSeatsOverPassengers(babyCapsule + childSeat + booster));
    } else {
      problems.push(message);
    }
  }
  return { problems, override };
}

/**
 * A place as staff typed it: the place booked when the text is its own (its details as typed),
 * else the places provider's match for the text (the suggestion of the same text, else the first).
 */
async function changedPlace(
  booked: Place,
  typed: string | undefined,
  details: string | undefined,
): Promise<Place | string> {
  const text = typed?.trim() ?? '';
  const withDetails = (place: Place): Place => {
    const { details: _old, ...rest } = place;
    const value = (details ?? place.details ?? '').trim();
    return value ? { ...rest, details: value } : rest;
  };
  if (!text || text.toLowerCase() === booked.description.toLowerCase()) {
    return withDetails(booked);
  }
  const suggestions = await getPlaces().suggest(text);
  const found =
    suggestions.find((suggestion) => suggestion.description.toLowerCase() === text.toLowerCase()) ??
    suggestions[0];
  if (!found) {
    return `No place matches "${text}". Type a suburb, a street address, an airport or a hotel.`;
  }
  return withDetails({ placeId: found.placeId, description: found.description, kind: found.kind });
}

/** The booking's fare for the changed trip, or why the change cannot be taken. */
export async function previewChange(
  booking: Booking,
  change: ChangeRequest,
  now: Date = new Date(),
): Promise<ChangePreview> {
  if (booking.status !== 'CONFIRMED') {
    return { ok: false, message: 'Only a confirmed booking can be changed.' };
  }
  const {
    reason: _reason,
    arrangedByPhone,
    pickup: pickupText,
    pickupDetails,
    drop: dropText,
    dropDetails,
    vehicleId,
    ...tripChange
  } = change;
  let pickup: Place | string;
  let drop: Place | string;
  try {
    pickup = await changedPlace(booking.trip.pickup, pickupText, pickupDetails);
    drop = await changedPlace(booking.trip.drop, dropText, dropDetails);
  } catch (error) {
    log.warn('The places of a change could not be looked up', { bookingId: booking.id, error });
    return { ok: false, message: 'The places could not be looked up. Try again in a moment.' };
  }
  if (typeof pickup === 'string') return { ok: false, message: pickup };
  if (typeof drop === 'string') return { ok: false, message: drop };
  const trip: Trip = { ...booking.trip, ...tripChange, pickup, drop };
  const rules = changeRuleProblems(trip, {
    now,
    horizonMonths: await getBookingHorizonMonths(),
    arrangedByPhone,
  });
  if (rules.problems.length > 0) return { ok: false, message: rules.problems.join(' ') };
  let quote;
  try {
    quote = await createQuote({ trip, places: getPlaces(), content: getContentSource(), now });
  } catch (error) {
    // An address that needs its details (a suburb), or an airport pickup without its flight.
    if (error instanceof TripDetailsError) {
      return { ok: false, message: Object.values(error.fields).join(' ') };
    }
    log.warn('A changed trip could not be priced', { bookingId: booking.id, error });
    return { ok: false, message: 'The changed trip could not be priced. Try again in a moment.' };
  }
  const wanted = vehicleId?.trim() || booking.vehicle.id;
  const card = quote.vehicles.find((vehicle) => vehicle.id === wanted);
  const vehicleName = card?.title ?? booking.vehicle.name;
  if (!card || card.totalCents === null || !card.canCarry) {
    return {
      ok: false,
      message:
        card?.unavailableReason ??
        `The ${vehicleName} cannot take this trip: choose fewer passengers or another vehicle.`,
    };
  }
  const fare = currentFare(booking);
  const lines = [...card.lines];
  const discount = fare.lines.find((line) => line.kind === 'discount');
  if (discount) {
    lines.push({ ...discount, amountCents: Math.max(discount.amountCents, -sumLines(lines)) });
  }
  const totalCents = sumLines(lines);
  const differenceCents = totalCents - fare.totalCents;
  return {
    ok: true,
    lines,
    totalCents,
    chargedCents: booking.fareCents,
    currentCents: fare.totalCents,
    differenceCents,
    balanceCents: fareBalanceCents(booking) + differenceCents,
    override: rules.override,
    trip: quote.trip,
    vehicle:
      card.id === booking.vehicle.id
        ? booking.vehicle
        : { id: card.id, slug: card.slug, name: card.title, type: card.type },
    // Measured again only when a place moved: the same places keep the route as booked.
    route:
      pickup.placeId === booking.trip.pickup.placeId && drop.placeId === booking.trip.drop.placeId
        ? booking.route
        : {
            distanceMeters: quote.distanceMeters,
            durationSeconds: quote.durationSeconds,
            legs: quote.legs,
          },
  };
}

export type ChangeOutcome =
  { ok: true; message: string } | { ok: false; message: string; preview?: ChangePreview };

/** What staff are told once the change is applied: the new price and what is left to settle. */
function appliedMessage(
  reference: string,
  preview: Extract<ChangePreview, { ok: true }>,
  link: string | null,
) {
  const changed = `Booking ${reference} is changed and the customer emailed.`;
  const price =
    preview.differenceCents === 0
      ? 'The price is the same.'
      : `The fare is now ${formatMoneyWithCode(preview.totalCents)} (charged ${formatMoneyWithCode(preview.chargedCents)}); the adjustment note went with the email.`;
  const balance =
    preview.balanceCents > 0
      ? `The customer owes ${formatMoneyWithCode(preview.balanceCents)}. ${link ?? ''}`.trim()
      : preview.balanceCents < 0
        ? `${formatMoneyWithCode(-preview.balanceCents)} is due back to the customer: refund it below.`
        : '';
  return [changed, price, balance].filter(Boolean).join(' ');
}

/** Applies the change at the previewed total (`confirmCents`); another price is shown again. */
export async function applyChange(
  bookingId: string,
  change: ChangeRequest,
  confirmCents: number,
  by: string,
  now: Date = new Date(),
): Promise<ChangeOutcome> {
  const current = await getBookingStore().getBooking(bookingId);
  if (!current) return { ok: false, message: 'There is no such booking.' };
  const preview = await previewChange(current, change, now);
  if (!preview.ok) return preview;
  if (preview.totalCents !== confirmCents) {
    return {
      ok: false,
      message: `The price changed to ${formatMoneyWithCode(preview.totalCents)} since the preview: check it and apply again.`,
      preview,
    };
  }
  const reason = change.reason;
  const at = now.toISOString();
  let before: Booking | null = null;
  const changed = await getBookingStore().updateBooking(bookingId, (booking) => {
    before = null;
    // Applied only to the booking the preview priced (no other change in between).
    if (booking.status !== 'CONFIRMED' || booking.updatedAt !== current.updatedAt) return null;
    before = booking;
    const adjustments = booking.adjustments ?? [];
    const moved = !sameFareLines(preview.lines, currentFare(booking).lines);
    const adjustment: FareAdjustment = {
      sequence: adjustments.length + 1,
      at,
      by,
      reason: reason.trim(),
      lines: preview.lines,
      totalCents: preview.totalCents,
      differenceCents: preview.differenceCents,
    };
    return {
      ...booking,
      // The trip as priced: the places (as the provider names them) and the vehicle as changed.
      trip: preview.trip,
      vehicle: preview.vehicle,
      route: preview.route,
      // The charged lines and total stay as paid; a new fare is an adjustment beside them.
      ...(moved ? { adjustments: [...adjustments, adjustment] } : {}),
      calendarSequence: (booking.calendarSequence ?? 0) + 1,
      updatedAt: at,
    };
  });
  const old = before as Booking | null;
  if (!old || !changed) {
    return { ok: false, message: 'The booking changed meanwhile: check it and try again.' };
  }
  const adjustment =
    (changed.adjustments?.length ?? 0) > (old.adjustments?.length ?? 0)
      ? changed.adjustments!.at(-1)!
      : null;
  const fields = (booking: Booking) => ({
    pickup: booking.trip.pickup.description,
    drop: booking.trip.drop.description,
    vehicle: booking.vehicle.name,
    date: booking.trip.date,
    time: booking.trip.time,
    passengers: booking.trip.passengers,
    notes: booking.trip.notes,
    fareCents: currentFare(booking).totalCents,
    balanceCents: fareBalanceCents(booking),
  });
  try {
    await getAuditLogStore().record({
      at,
      by,
      action: 'change',
      subjectId: bookingId,
      subjectLabel: changed.reference,
      note: reason.trim(),
      before: fields(old),
      after: {
        ...fields(changed),
        ...(adjustment
          ? { adjustment: adjustment.sequence, differenceCents: adjustment.differenceCents }
          : {}),
        ...(preview.override ? { override: preview.override } : {}),
      },
    });
  } catch (error) {
    log.error('A change could not be written to the audit log', { bookingId, error });
  }
  try {
    const brand = await loadInvoiceBrand();
    for (const audience of confirmationAudiences(changed)) {
      await getMailer().send(
        buildConfirmationEmail(changed, brand, audience, { kind: 'changed', adjustment }),
      );
    }
  } catch (error) {
    log.error('The changed booking could not be emailed', { bookingId, error });
  }
  // What the change made higher is collected by a payment link (the one sent before stops working).
  const link =
    fareBalanceCents(changed) > 0 ? (await sendLinkFromStaff(bookingId, by, now)).message : null;
  // The chauffeur and car on the job follow the new trip (or are taken off it, staff told why).
  const dispatched = await followTripChange(bookingId, by);
  // The operations inbox hears of it, and the run sheet marks it (app/notify/).
  await noteStaffNews(changed, 'change', at, { now });
  return {
    ok: true,
    message: [appliedMessage(changed.reference, preview, link), dispatched]
      .filter(Boolean)
      .join(' '),
  };
}
