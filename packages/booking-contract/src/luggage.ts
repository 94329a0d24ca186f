// Luggage: the trip's suitcases and small bags, checked against a vehicle's capacity on the
// server and the step-1 bounds on both sides. Free of Zod, so the widget can use it too.
import { bookingMessages } from './messages-booking';
import { MAX_LUGGAGE } from './rules';

/** The kinds of luggage, in the order the form asks for them. */
export const luggageKinds = ['suitcases', 'smallBags'] as const;
export type LuggageKind = (typeof luggageKinds)[number];
export type Luggage = Record<LuggageKind, number>;

export const NO_LUGGAGE: Luggage = { suitcases: 0, smallBags: 0 };

const m = bookingMessages.booking;
const names: Record<LuggageKind, readonly [string, string]> = {
  suitcases: ['suitcase', 'suitcases'],
  smallBags: ['small bag', 'small bags'],
};
const invalid: Record<LuggageKind, (max: number) => string> = {
  suitcases: m.suitcasesInvalid,
  smallBags: m.smallBagsInvalid,
};

/** Step 1's rule: each count a whole number from 0 to MAX_LUGGAGE. Adds to `errors`. */
export function validateLuggage(input: Partial<Luggage>, errors: Record<string, string>): void {
  for (const kind of luggageKinds) {
    const count = input[kind] ?? 0;
    if (!Number.isInteger(count) || count < 0 || count > MAX_LUGGAGE) {
      errors[kind] = invalid[kind](MAX_LUGGAGE);
    }
  }
}

/**
 * Why a vehicle cannot take the trip's luggage ("This vehicle takes up to 2 suitcases."), or
 * null when it can. Suitcases are checked before small bags, so one reason is shown at a time.
 */
export function luggageRefusal(trip: Partial<Luggage>, capacity: Luggage): string | null {
  for (const kind of luggageKinds) {
    if ((trip[kind] ?? 0) > capacity[kind]) return m.luggageTooMuch(capacity[kind], names[kind]);
  }
  return null;
}

/** "2 suitcases, 1 small bag"; null when none. */
export function describeLuggage(luggage: Partial<Luggage>): string | null {
  const parts = luggageKinds
    .filter((kind) => (luggage[kind] ?? 0) > 0)
    .map((kind) => {
      const count = luggage[kind] ?? 0;
      return `${count} ${names[kind][count === 1 ? 0 : 1]}`;
    });
  return parts.length === 0 ? null : parts.join(', ');
}
