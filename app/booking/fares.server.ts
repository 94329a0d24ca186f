// Fares, exactly as the client's fare rules state them (docs/product.md), from a vehicle type's
// tariff (CMS) and the distance the server measured itself: the server alone prices a booking.
// Pure: no I/O, no clock, no test-account override (the old site's hard-coded "fare forced to 5"
// is deliberately not carried over).
//
//   km            = metres / 1000
//   distance fare = basePrice                                         if km ≤ minimumDistanceForBasePrice
//                 = basePrice + (km − minimumDistanceForBasePrice) × perkmSurcharge      otherwise
//   hourly fare   = hourlyRate × hours                                if km ≤ minimumDistanceForHourlyRate
//                 = hourlyRate × hours + (km − minimumDistanceForHourlyRate) × perkmSurcharge otherwise
//   the hourly fare when booked by the hour, the distance fare otherwise; rounded to 2 decimals;
//   no fare (undefined) when the distance is missing or 0.

/** The fare rules' defaults for a tariff that leaves the minimum distances out. */
export const DEFAULT_MINIMUM_DISTANCE_FOR_BASE_PRICE_KM = 10;
export const DEFAULT_MINIMUM_DISTANCE_FOR_HOURLY_RATE_KM = 20;

export interface Tariff {
  /** AUD. */
  basePrice: number;
  /** km included in the base price; 10 when not set. */
  minimumDistanceForBasePrice?: number | null;
  /** AUD per km beyond the included distance. */
  perkmSurcharge: number;
  /** AUD per hour. */
  hourlyRate: number;
  /** km included in an hourly booking; 20 when not set. */
  minimumDistanceForHourlyRate?: number | null;
}

export interface FareInput {
  tariff: Tariff;
  /** The route's total distance in metres (sum over legs); missing or 0 gives no fare. */
  distanceMeters: number | null | undefined;
  byTheHour: boolean;
  /** Hours booked; read only when byTheHour. */
  hours: number;
}

export function metersToKm(meters: number): number {
  return meters / 1000;
}

/** Rounds half away from zero to cents on the decimal value, so 1.005 becomes 1.01, not 1. */
export function roundToCents(amount: number): number {
  return toCents(amount) / 100;
}

/** The distance fare for `km`, before rounding. */
export function distanceFare(tariff: Tariff, km: number): number {
  const included = tariff.minimumDistanceForBasePrice ?? DEFAULT_MINIMUM_DISTANCE_FOR_BASE_PRICE_KM;
  if (km <= included) return tariff.basePrice;
  return tariff.basePrice + (km - included) * tariff.perkmSurcharge;
}

/** The hourly fare for `km` and `hours`, before rounding. */
export function hourlyFare(tariff: Tariff, km: number, hours: number): number {
  const included =
    tariff.minimumDistanceForHourlyRate ?? DEFAULT_MINIMUM_DISTANCE_FOR_HOURLY_RATE_KM;
  const time = tariff.hourlyRate * hours;
  if (km <= included) return time;
  return time + (km - included) * tariff.perkmSurcharge;
}

const isAmount = (value: number | null | undefined) =>
  value === null || value === undefined || (Number.isFinite(value) && value >= 0);

/**
 * The fare in AUD, 2 decimals; undefined when the distance is missing or 0, and when the tariff or
 * the hours are not usable numbers (a tariff the CMS holds badly must not produce a price).
 */
export function computeFare({
  tariff,
  distanceMeters,
  byTheHour,
  hours,
}: FareInput): number | undefined {
  if (
    typeof distanceMeters !== 'number' ||
    !Number.isFinite(distanceMeters) ||
    distanceMeters <= 0
  ) {
    return undefined;
  }
  const values = [
    tariff.basePrice,
    tariff.perkmSurcharge,
    tariff.hourlyRate,
    tariff.minimumDistanceForBasePrice,
    tariff.minimumDistanceForHourlyRate,
  ];
  const required = [tariff.basePrice, tariff.perkmSurcharge, tariff.hourlyRate];
  if (!values.every(isAmount) || required.some((value) => typeof value !== 'number')) {
    return undefined;
  }
  if (byTheHour && !(Number.isFinite(hours) && hours >= 0)) return undefined;
  const km = metersToKm(distanceMeters);
  const fare = byTheHour ? hourlyFare(tariff, km, hours) : distanceFare(tariff, km);
  return Number.isFinite(fare) ? roundToCents(fare) : undefined;
}

/**
 * AUD to whole cents, half away from zero: the one place the site rounds money. Every line of a
 * fare made from a rate goes through it once (fare-lines.server.ts); sums after it are of integers
 * (docs/decisions/027-all-in-fare-lines.md). Shifts the decimal point in the number's text rather
 * than multiplying, since 1.005 × 100 is 100.49999… in binary.
 */
export function toCents(amount: number): number {
  const text = String(amount);
  // Exponent notation only for amounts below 0.000001 or above 10^21: no cents to lose there.
  if (/e/i.test(text)) return Math.round(amount * 100);
  return Math.round(Number(`${text}e2`));
}
