// Child seats by kind, counted and worded the same way in the widget, the fare's lines and the
// tax invoice. Free of Zod, so the widget's summary can use it without the schemas.
import type { ChildSeats } from './fare-lines';
import { fareMessages } from './messages-fares';

/** The kinds of child seat, in the order the form asks for them. */
export const childSeatKinds = ['babyCapsule', 'childSeat', 'booster'] as const;
export type ChildSeatKind = (typeof childSeatKinds)[number];
export type ChildSeatCounts = Record<ChildSeatKind, number>;

// Here rather than beside the schemas in fare-lines.ts: the step rules check them, and the
// widget loads those before step 1 is usable, where Zod would weigh too much.
export const NO_CHILD_SEATS: ChildSeats = Object.freeze({
  babyCapsule: 0,
  childSeat: 0,
  booster: 0,
});

/** The most child seats one booking may ask for (the largest vehicle that takes them seats 7). */
export const MAX_CHILD_SEATS = 6;

export function childSeatCount(seats: ChildSeatCounts): number {
  return seats.babyCapsule + seats.childSeat + seats.booster;
}

const seatNames = fareMessages.fareLines.childSeatNames;
const named = (count: number, [one, many]: readonly [string, string]) =>
  `${count} ${count === 1 ? one : many}`;

/** The kinds asked for: "1 baby capsule, 2 boosters" (empty when none). */
export function childSeatKindsText(seats: ChildSeatCounts): string {
  return childSeatKinds
    .filter((kind) => seats[kind] > 0)
    .map((kind) => named(seats[kind], seatNames[kind]))
    .join(', ');
}

/**
 * "3 child seats: 1 baby capsule, 2 boosters"; one kind alone is said once ("1 child seat",
 * "2 boosters"); null when none are asked for.
 */
export function describeChildSeats(seats: ChildSeatCounts): string | null {
  const total = childSeatCount(seats);
  if (total === 0) return null;
  const kinds = childSeatKindsText(seats);
  const oneKind = childSeatKinds.filter((kind) => seats[kind] > 0).length === 1;
  return oneKind ? kinds : `${named(total, seatNames.childSeat)}: ${kinds}`;
}
