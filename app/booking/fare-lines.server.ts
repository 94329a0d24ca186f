// The all-in fare, line by line: the tariff's fare (fares.server.ts), the after-hours and public
// holiday surcharges, the extras the trip asks for, the tolls the route service estimated, and a
// promo code's discount. Pure: the rates come in as values (read from the CMS by
// pricing-rules.server.ts), the clock as a date. docs/decisions/027-all-in-fare-lines.md.
//
// Money is integer cents. Rounding happens in one place, `toCents` (fares.server.ts): a line made
// from a rate (a tariff, a percentage, an amount in dollars) is rounded to the cent, half away from
// zero, once; after that only integers are added. The total is the sum of the lines.
//
// - After hours: the pickup's Queensland time is in [startTime, endTime), the window wrapping
//   midnight when it starts later than it ends (22:00–05:00: 22:00 and 04:59 are in, 21:59 and
//   05:00 are not). Queensland has no daylight saving, so the trip's wall-clock time is the rule's.
// - Public holiday: the pickup's date is one of the staff's dates.
// - A surcharge is a percentage of the fare line, or a fixed amount for the vehicle type (none when
//   the type has no amount); both surcharges can apply, each on the fare, not on each other.
// - An extra the trip asks for must be allowed for the vehicle type by its CMS document: otherwise
//   the vehicle is not priced at all and carries the reason instead.
// - A discount is on the sum of every other line, never more than that sum less the smallest card
//   charge, so a total is never negative nor too small to pay.
import {
  childSeatCount,
  childSeatKindsText,
  messages,
  formatDistance,
  sumLines,
  vehicleTypePlural,
  type ExtraKey,
  type FareLine,
  type Trip,
} from '@business-chauffeur/booking-contract';
import { MIN_CHARGE_CENTS, parseTimeOfDay } from '@business-chauffeur/booking-contract';
import { toCents } from './fares.server';

const text = messages.fareLines;

export type SurchargeMode = 'percentage' | 'fixed';

export interface SurchargeRule {
  mode: SurchargeMode;
  /** Percent of the fare, for mode "percentage". */
  percentage: number;
  /** AUD per vehicle type (the vehicle's `type`), for mode "fixed". */
  fixedAmounts: Readonly<Record<string, number>>;
}

export interface AfterHoursRule extends SurchargeRule {
  /** HH:MM, Queensland. */
  startTime: string;
  endTime: string;
}

export interface PublicHolidayRule extends SurchargeRule {
  /** YYYY-MM-DD → the holiday's name. */
  dates: Readonly<Record<string, string>>;
}

export interface ExtraRule {
  key: ExtraKey;
  /** "Child seat": the line's label. */
  title: string;
  /** "Child seats": the reason a vehicle cannot take it. */
  pluralTitle: string;
  /** AUD per booking. */
  price: number;
  vehicleTypes: readonly string[];
}

export interface PricingRules {
  afterHours: AfterHoursRule | null;
  publicHoliday: PublicHolidayRule | null;
  extras: readonly ExtraRule[];
}

export const NO_PRICING_RULES: PricingRules = { afterHours: null, publicHoliday: null, extras: [] };

export interface VehicleFareInput {
  trip: Trip;
  /** The vehicle's type (sedan, suv …), as the CMS holds it. */
  vehicleType: string | null;
  /** The tariff's fare in AUD (fares.server.ts computeFare). */
  fare: number;
  distanceMeters: number;
  /** Tolls the route service estimated, in cents; 0 or null when it has none. */
  tollCents: number | null;
  rules: PricingRules;
}

export type VehicleFare =
  { priced: true; lines: FareLine[]; totalCents: number } | { priced: false; reason: string };

/** True when `time` (HH:MM) is in [start, end), across midnight when start is after end. */
export function isWithinWindow(time: string, start: string, end: string): boolean {
  const at = parseTimeOfDay(time);
  const from = parseTimeOfDay(start);
  const to = parseTimeOfDay(end);
  if (at === undefined || from === undefined || to === undefined || from === to) return false;
  return from < to ? at >= from && at < to : at >= from || at < to;
}

/** A percentage of an amount in cents, rounded once. */
export function percentOf(cents: number, percentage: number): number {
  return toCents((cents * percentage) / 10_000);
}

function surchargeCents(rule: SurchargeRule, fareCents: number, vehicleType: string | null) {
  if (rule.mode === 'percentage') {
    return rule.percentage > 0 ? percentOf(fareCents, rule.percentage) : 0;
  }
  const amount = vehicleType ? rule.fixedAmounts[vehicleType] : undefined;
  return amount !== undefined && amount > 0 ? toCents(amount) : 0;
}

function surchargeDetail(rule: SurchargeRule, name?: string): string | null {
  const rate = rule.mode === 'percentage' ? text.percentOfFare(rule.percentage) : null;
  return [name, rate].filter(Boolean).join(', ') || null;
}

/** The extras the trip asks for, each with its line's detail. */
function requestedExtras(trip: Trip): { key: ExtraKey; detail: string | null; plural: string }[] {
  const wanted: { key: ExtraKey; detail: string | null; plural: string }[] = [];
  if (childSeatCount(trip.childSeats) > 0) {
    wanted.push({
      key: 'childSeat',
      detail: childSeatKindsText(trip.childSeats),
      plural: text.childSeatsPlural,
    });
  }
  if (trip.trailer) wanted.push({ key: 'trailer', detail: null, plural: text.trailersPlural });
  return wanted;
}

/** The lines of one vehicle's all-in fare, or why it cannot take the trip. */
export function priceVehicle(input: VehicleFareInput): VehicleFare {
  const { trip, vehicleType, rules } = input;
  const extraLines: FareLine[] = [];
  for (const wanted of requestedExtras(trip)) {
    const rule = rules.extras.find((extra) => extra.key === wanted.key);
    if (!rule || !vehicleType || !rule.vehicleTypes.includes(vehicleType)) {
      const plural = rule?.pluralTitle || wanted.plural;
      return {
        priced: false,
        reason: messages.booking.extraNotAvailable(plural, vehicleTypePlural(vehicleType)),
      };
    }
    extraLines.push({
      kind: 'extra',
      label: rule.title,
      detail: wanted.detail,
      amountCents: toCents(rule.price),
    });
  }

  const fareCents = toCents(input.fare);
  const lines: FareLine[] = [
    {
      kind: 'fare',
      label: trip.byTheHour ? text.fareByTheHour(trip.hours) : text.fareByDistance,
      detail: formatDistance(input.distanceMeters),
      amountCents: fareCents,
    },
  ];
  const { afterHours, publicHoliday } = rules;
  if (afterHours && isWithinWindow(trip.time, afterHours.startTime, afterHours.endTime)) {
    const amountCents = surchargeCents(afterHours, fareCents, vehicleType);
    if (amountCents > 0) {
      lines.push({
        kind: 'afterHours',
        label: text.afterHoursSurcharge,
        detail: surchargeDetail(afterHours),
        amountCents,
      });
    }
  }
  const holiday = publicHoliday?.dates[trip.date];
  if (publicHoliday && holiday !== undefined) {
    const amountCents = surchargeCents(publicHoliday, fareCents, vehicleType);
    if (amountCents > 0) {
      lines.push({
        kind: 'publicHoliday',
        label: text.publicHolidaySurcharge,
        detail: surchargeDetail(publicHoliday, holiday),
        amountCents,
      });
    }
  }
  lines.push(...extraLines);
  if (input.tollCents && input.tollCents > 0) {
    lines.push({
      kind: 'toll',
      label: text.tolls,
      detail: text.tollsDetail,
      amountCents: Math.round(input.tollCents),
    });
  }
  return { priced: true, lines, totalCents: sumLines(lines) };
}

export interface PromoRule {
  code: string;
  discountType: 'percentage' | 'fixed';
  percentage: number;
  /** AUD, for discountType "fixed". */
  amount: number;
  /** YYYY-MM-DD, Queensland, inclusive; null for no bound. */
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number;
  /** AUD; the fare (before the discount) must be at least this. */
  minimumFare: number;
  /** Vehicle types the code is for; empty for every type. */
  vehicleTypes: readonly string[];
}

export interface DiscountInput {
  /** The booking's lines without any discount. */
  lines: readonly FareLine[];
  promo: PromoRule;
  vehicleType: string | null;
  /** Queensland's date today, YYYY-MM-DD. */
  today: string;
}

/**
 * The discount line a code gives these lines, or null when the code cannot be used for them
 * (outside its dates, another vehicle type, a fare below its minimum, no discount left to give).
 * Uses in total and per email are the promo store's to count.
 */
export function discountLine({ lines, promo, vehicleType, today }: DiscountInput): FareLine | null {
  if (promo.validFrom && today < promo.validFrom) return null;
  if (promo.validUntil && today > promo.validUntil) return null;
  if (promo.maxUses < 1) return null;
  if (promo.vehicleTypes.length > 0 && !(vehicleType && promo.vehicleTypes.includes(vehicleType))) {
    return null;
  }
  const subtotal = sumLines(lines.filter((line) => line.kind !== 'discount'));
  if (subtotal < toCents(promo.minimumFare)) return null;
  const wanted =
    promo.discountType === 'percentage'
      ? percentOf(subtotal, Math.min(100, Math.max(0, promo.percentage)))
      : toCents(Math.max(0, promo.amount));
  const discount = Math.min(wanted, subtotal - MIN_CHARGE_CENTS);
  if (discount <= 0) return null;
  return {
    kind: 'discount',
    label: text.discount(promo.code),
    detail: promo.discountType === 'percentage' ? text.percentOff(promo.percentage) : null,
    amountCents: -discount,
  };
}

/** The lines with a discount line in place of any earlier one (null removes it). */
export function withDiscount(lines: readonly FareLine[], discount: FareLine | null): FareLine[] {
  const rest = lines.filter((line) => line.kind !== 'discount');
  return discount ? [...rest, discount] : rest;
}
