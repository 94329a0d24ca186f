// The all-in fare as lines: what the customer pays, line by line, in integer cents. The server
// makes every line (app/booking/fare-lines.server.ts); the widget, the emails and the booking
// look-up only show them. The total is always the sum of the lines, and the GST a tax invoice
// states is the total's eleventh (docs/decisions/027-all-in-fare-lines.md).
import type { ChildSeatCounts } from './child-seats';
import { z } from './zod';

export * from './child-seats';

export const fareLineKinds = [
  /** The tariff's fare: base and distance, or hourly. */
  'fare',
  'afterHours',
  'publicHoliday',
  /** A child seat or a trailer (CMS documents). */
  'extra',
  'toll',
  /** A promo code; the only negative line. */
  'discount',
] as const;
export type FareLineKind = (typeof fareLineKinds)[number];

export const fareLineSchema = z.object({
  kind: z.enum(fareLineKinds),
  /** "Fare (base and distance)", "After-hours surcharge", "Child seat", "Discount (WELCOME10)" … */
  label: z.string(),
  /** A short explanation ("15% of the fare", "2 seats: 1 baby capsule, 1 booster"), or null. */
  detail: z.string().nullable(),
  amountCents: z.int(),
});
export type FareLine = z.infer<typeof fareLineSchema>;

/** The child seats a trip asks for, by kind (0 of each by default). */
export const childSeatsSchema = z.object({
  babyCapsule: z.int().nonnegative().default(0),
  childSeat: z.int().nonnegative().default(0),
  booster: z.int().nonnegative().default(0),
});
export type ChildSeats = z.output<typeof childSeatsSchema> & ChildSeatCounts;

/** The extras a booking form can ask for; each is a CMS document with its price and vehicles. */
export const extraKeys = ['childSeat', 'trailer'] as const;
export type ExtraKey = (typeof extraKeys)[number];

/** The vehicle types' names in the plural, for the reason an extra is not available. */
const vehicleTypesPlural: Record<string, string> = {
  sedan: 'sedans',
  suv: 'SUVs',
  peopleMover: 'people movers',
  minibus: 'minibuses',
  coach: 'coaches',
  stretchLimousine: 'stretch limousines',
};

export function vehicleTypePlural(type: string | null | undefined): string {
  return (type && vehicleTypesPlural[type]) || 'this vehicle';
}

/** Sum of the lines' cents. */
export function sumLines(lines: readonly Pick<FareLine, 'amountCents'>[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}

/** The GST a GST-inclusive total holds (one eleventh), to the nearest cent. */
export function gstIncludedCents(totalCents: number): number {
  return Math.round(totalCents / 11);
}
