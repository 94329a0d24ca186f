// POST /api/quotes: step 1 as the widget sends it, the trip the server prices, and the vehicles
// with their fares for step 2.
import { z } from './zod';
import { messages } from './messages';
import { NO_CHILD_SEATS, childSeatsSchema, fareLineSchema } from './fare-lines';
import { placeKinds, placeSchema } from './places';
import {
  MAX_LUGGAGE,
  CURRENCY,
  MAX_STOPS,
  PLACE_DESCRIPTION_MAX_LENGTH,
  PLACE_DETAILS_INPUT_MAX_LENGTH,
  PLACE_ID_MAX_LENGTH,
} from './rules';

const m = messages.booking;

/** A location field as the widget holds it: both values may still be empty. */
/**
 * Beside a place: the kind of the chosen suggestion (a hint for step 1's own check; the server
 * decides with its provider's kind) and the Address details typed under it. Longer details than
 * the rule allows still parse, so the field's own message can say why.
 */
const placeExtras = {
  kind: z.enum(placeKinds).optional(),
  details: z.string().max(PLACE_DETAILS_INPUT_MAX_LENGTH).optional(),
};

const placeInputSchema = z.object(
  {
    placeId: z.string().trim().max(PLACE_ID_MAX_LENGTH),
    description: z.string().trim().max(PLACE_DESCRIPTION_MAX_LENGTH),
    ...placeExtras,
  },
  { error: messages.api.invalidRequest },
);

export const stopInputSchema = z.object(
  {
    enabled: z.boolean(),
    placeId: z.string().trim().max(PLACE_ID_MAX_LENGTH).nullable().default(null),
    description: z.string().trim().max(PLACE_DESCRIPTION_MAX_LENGTH).nullable().default(null),
    ...placeExtras,
  },
  { error: m.stopRequired },
);
export type StopInput = z.infer<typeof stopInputSchema>;

/**
 * Step 1 "General Details" as sent to POST /api/quotes. `date` is YYYY-MM-DD and `time` HH:MM,
 * both Brisbane wall-clock. `stops` are the four stop switches in order; only the run
 * of enabled ones from stop 1 is part of the trip (a later switch shows only once the earlier is on).
 */
export const quoteRequestSchema = z.object({
  pickup: placeInputSchema.nullable().default(null),
  drop: placeInputSchema.nullable().default(null),
  stops: z.array(stopInputSchema).max(MAX_STOPS, messages.api.invalidRequest).default([]),
  date: z.string({ error: m.dateRequired }).default(''),
  time: z.string({ error: m.timeRequired }).default(''),
  passengers: z.number({ error: m.passengersRequired }),
  byTheHour: z.boolean({ error: messages.api.invalidRequest }).default(false),
  hours: z.number({ error: m.hoursRequired }).default(0),
  notes: z.string({ error: m.notesCharacters }).default(''),
  /** Child seats by kind, and a trailer: extras priced per booking (docs/product.md, "Fares"). */
  childSeats: childSeatsSchema.default(NO_CHILD_SEATS),
  trailer: z.boolean({ error: messages.api.invalidRequest }).default(false),
  /** Luggage; a vehicle whose card lists fewer is not priced (docs/product.md, "Fares"). */
  suitcases: z.number({ error: m.suitcasesInvalid(MAX_LUGGAGE) }).default(0),
  smallBags: z.number({ error: m.smallBagsInvalid(MAX_LUGGAGE) }).default(0),
  /** The flight of an airport pickup ("QF 512"); ignored for any other pickup. */
  flightNumber: z.string().max(PLACE_DETAILS_INPUT_MAX_LENGTH).optional(),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;
/** Step 1 after the wire shape is checked (defaults applied), before the booking rules. */
export type Step1Input = z.output<typeof quoteRequestSchema>;

/** A trip that passed every step-1 rule, as the server prices, signs and stores it. */
export const tripSchema = z.object({
  pickup: placeSchema,
  /** The enabled stops with a place, in order (0 to 4). */
  stops: z.array(placeSchema).max(MAX_STOPS),
  drop: placeSchema,
  /** Brisbane date, YYYY-MM-DD. */
  date: z.string(),
  /** Brisbane time, HH:MM (24-hour). */
  time: z.string(),
  passengers: z.int().positive(),
  byTheHour: z.boolean(),
  /** 0 unless byTheHour. */
  hours: z.number().nonnegative(),
  notes: z.string(),
  childSeats: childSeatsSchema.default(NO_CHILD_SEATS),
  trailer: z.boolean().default(false),
  /** Luggage; absent means none (trips quoted or stored before luggage was asked). */
  suitcases: z.int().nonnegative().optional(),
  smallBags: z.int().nonnegative().optional(),
  /** The flight an airport pickup meets, normalised ("QF512"); absent for other pickups. */
  flightNumber: z.string().optional(),
});
export type Trip = z.infer<typeof tripSchema>;

export const imageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type VehicleImage = z.infer<typeof imageSchema>;

/** One vehicle of the fleet as step 2 shows it, with its fare for the quoted trip. */
export const vehicleCardSchema = z.object({
  /** The CMS document id (vehicleType.<slug>); the value step 2 sends back as `vehicleId`. */
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subTitle: z.string().nullable(),
  shortDescription: z.string().nullable(),
  disclaimer: z.string().nullable(),
  category: z.object({ slug: z.string(), title: z.string() }).nullable(),
  type: z.string().nullable(),
  image: imageSchema.nullable(),
  /** Maximum passengers, suitcases and small bags (0 when the CMS leaves them out). */
  passengers: z.int().nonnegative(),
  suitcases: z.int().nonnegative(),
  smallBags: z.int().nonnegative(),
  /**
   * The price line by line (empty when not priced), its all-in total in cents (the sum of
   * `lines`) and the GST it includes; the totals are null when the trip cannot be priced for this
   * vehicle (no usable tariff, or an extra it cannot take).
   */
  lines: z.array(fareLineSchema),
  totalCents: z.int().nonnegative().nullable(),
  gstCents: z.int().nonnegative().nullable(),
  currency: z.literal(CURRENCY),
  /** Whether it seats the requested number of passengers; a card that cannot is not selectable. */
  canCarry: z.boolean(),
  /** Why the vehicle cannot take the trip's extras ("Child seats are not available in sedans."). */
  unavailableReason: z.string().nullable(),
});
export type VehicleCard = z.infer<typeof vehicleCardSchema>;

export const routeLegSchema = z.object({
  distanceMeters: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative(),
});
export type RouteLeg = z.infer<typeof routeLegSchema>;

export const quoteResponseSchema = z.object({
  /** Signed and expiring; POST /api/bookings takes it back. Opaque to the widget. */
  quoteToken: z.string(),
  /** ISO 8601 instant after which the token is refused. */
  expiresAt: z.string(),
  trip: tripSchema,
  /** Sums over every leg, with display texts ("42.3 km", "1 hr 5 mins"). */
  distanceMeters: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative(),
  distanceText: z.string(),
  durationText: z.string(),
  legs: z.array(routeLegSchema).min(1),
  currency: z.literal(CURRENCY),
  vehicles: z.array(vehicleCardSchema),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;
