// Quotes: the server measures the trip with the Places port (every leg: pickup, stops, drop,
// summed), prices every vehicle type that is not archived with its CMS tariff (fares.server)
// and signs the result (quote-token.server), so POST /api/bookings can trust the fare it is handed
// back. The widget never sends an amount and never sees a tariff. Nor does it name the
// places: each place's description is the provider's own for its id, so the trip quoted, booked,
// emailed and looked up is the trip that was measured, whatever text a client sent.
import { randomUUID } from 'node:crypto';
import {
  CURRENCY,
  gstIncludedCents,
  keptAddressDetails,
  legacyDollars,
  luggageRefusal,
  validateTripDetails,
  type FieldErrors,
  type Place,
  type PlaceField,
  formatDistance,
  formatDuration,
  type QuoteResponse,
  type Trip,
  type VehicleCard,
} from '@business-chauffeur/booking-contract';
import type { ContentSource } from '~/content/content-source.server';
import { vehicleTypesForQuoteQuery } from '~/content/rules-queries.server';
import type { VehicleTypesForQuoteQueryResult } from '~/content/sanity.types';
import { RouteUnavailableError, type Places } from '~/places/places.server';
import { log } from '~/utils/log.server';
import { priceVehicle, type PricingRules, type VehicleFare } from './fare-lines.server';
import { computeFare } from './fares.server';
import { loadPricingRules } from './pricing-rules.server';
import {
  QUOTE_TTL_MS,
  signQuote,
  type QuotePayload,
  type QuotedVehicle,
} from './quote-token.server';

/** The fleet could not be read from the CMS (and there was no earlier copy). */
export class FleetUnavailableError extends Error {
  override name = 'FleetUnavailableError';
}

/**
 * The trip misses what its places need, judged by the provider's kinds: Address details for a
 * suburb, the flight for an airport pickup. `fields` are step 1's field paths and messages.
 */
export class TripDetailsError extends Error {
  override name = 'TripDetailsError';
  constructor(readonly fields: FieldErrors) {
    super(`Trip details refused: ${Object.keys(fields).join(', ')}`);
  }
}

/**
 * Step 1's address-details and flight rules again, with the kinds the provider gave the places
 * (a client may claim any kind). Throws TripDetailsError; else the trip keeps only what its places
 * ask for: no details beside an exact address, no flight unless the pickup is an airport.
 */
export function checkedTripDetails(trip: Trip): Trip {
  const errors: FieldErrors = {};
  const fields: [PlaceField, Place][] = [
    ['pickup', trip.pickup],
    ['drop', trip.drop],
    ...trip.stops.map((stop, index): [PlaceField, Place] => [`stops.${index}`, stop]),
  ];
  validateTripDetails(fields, trip.pickup.kind, trip.flightNumber, errors);
  if (Object.keys(errors).length > 0) throw new TripDetailsError(errors);
  const kept = ({ details, ...place }: Place): Place => {
    const value = keptAddressDetails(place.kind, details);
    return value ? { ...place, details: value } : place;
  };
  const { flightNumber, ...rest } = trip;
  return {
    ...rest,
    pickup: kept(trip.pickup),
    stops: trip.stops.map(kept),
    drop: kept(trip.drop),
    ...(flightNumber && trip.pickup.kind === 'airport' ? { flightNumber } : {}),
  };
}

export interface CreateQuoteInput {
  trip: Trip;
  places: Places;
  content: ContentSource;
  now?: Date;
  /** The signing secret; defaults to the configuration's session secret. */
  secret?: string;
  /** The surcharges and extras; read from the content source when not given. */
  rules?: PricingRules;
}

type VehicleDocument = VehicleTypesForQuoteQueryResult[number];

function toCard(
  vehicle: VehicleDocument,
  fare: VehicleFare | undefined,
  passengers: number,
): VehicleCard {
  const capacity = vehicle.passengerMax ?? 0;
  const priced = fare?.priced ? fare : null;
  const image = vehicle.image;
  return {
    id: vehicle._id,
    slug: vehicle.slug ?? '',
    title: vehicle.title ?? '',
    subTitle: vehicle.subTitle,
    shortDescription: vehicle.shortDescription,
    disclaimer: vehicle.disclaimer,
    category:
      vehicle.category?.slug && vehicle.category.title
        ? { slug: vehicle.category.slug, title: vehicle.category.title }
        : null,
    type: vehicle.type,
    image: image?.url
      ? { url: image.url, alt: image.alt ?? '', width: image.width, height: image.height }
      : null,
    passengers: capacity,
    suitcases: vehicle.suitcases ?? 0,
    smallBags: vehicle.smallBags ?? 0,
    lines: priced?.lines ?? [],
    totalCents: priced?.totalCents ?? null,
    gstCents: priced ? gstIncludedCents(priced.totalCents) : null,
    currency: CURRENCY,
    canCarry: capacity >= passengers,
    unavailableReason: fare && !fare.priced ? fare.reason : null,
  };
}

/**
 * The vehicle's fare, unless it cannot take the trip's luggage: then it is not priced (so not
 * bookable: the quote lists only priced vehicles) and its card says why. An extra the vehicle
 * cannot take is checked first, so when both apply the card keeps the extra's reason.
 */
function withLuggage(
  fare: VehicleFare | undefined,
  vehicle: VehicleDocument,
  trip: Trip,
): VehicleFare | undefined {
  if (fare?.priced === false) return fare;
  const refusal = luggageRefusal(trip, {
    suitcases: vehicle.suitcases ?? 0,
    smallBags: vehicle.smallBags ?? 0,
  });
  return refusal === null ? fare : { priced: false, reason: refusal };
}

async function loadFleet(content: ContentSource): Promise<VehicleDocument[]> {
  let fleet: VehicleTypesForQuoteQueryResult;
  try {
    fleet = await content.fetch(vehicleTypesForQuoteQuery);
  } catch (error) {
    throw new FleetUnavailableError('The vehicle types could not be read.', { cause: error });
  }
  // A vehicle without a title, slug or seats cannot be shown or booked: staff see it in Studio's
  // validation; the site leaves it out rather than show a broken card.
  const usable = (fleet ?? []).filter((vehicle) => {
    const ok = Boolean(vehicle.title && vehicle.slug && (vehicle.passengerMax ?? 0) >= 1);
    if (!ok)
      log.warn('Vehicle type left out of quotes: title, slug or seats missing', {
        id: vehicle._id,
      });
    return ok;
  });
  if (usable.length === 0) throw new FleetUnavailableError('No vehicle type can be quoted.');
  return usable;
}

/** The trip with each place described by the provider, with its kind (one look-up per id). */
async function describedTrip(trip: Trip, places: Places): Promise<Trip> {
  const ids = [...new Set([trip.pickup, ...trip.stops, trip.drop].map((place) => place.placeId))];
  const descriptions = new Map(
    await Promise.all(
      ids.map(async (placeId) => [placeId, await places.describe(placeId)] as const),
    ),
  );
  const described = (place: Place): Place => {
    const found = descriptions.get(place.placeId);
    return found ? { ...place, description: found.description, kind: found.kind } : place;
  };
  return {
    ...trip,
    pickup: described(trip.pickup),
    stops: trip.stops.map(described),
    drop: described(trip.drop),
  };
}

/**
 * Measures and prices a valid trip. Throws the Places port's errors (PlaceNotFoundError,
 * RouteUnavailableError, ProviderUnavailableError), TripDetailsError and FleetUnavailableError.
 */
export async function createQuote({
  trip: requested,
  places,
  content,
  now = new Date(),
  secret,
  rules: givenRules,
}: CreateQuoteInput): Promise<QuoteResponse> {
  const placeIds = [requested.pickup, ...requested.stops, requested.drop].map(
    (place) => place.placeId,
  );
  const [measured, trip, fleet, rules] = await Promise.all([
    places.route(placeIds),
    describedTrip(requested, places).then(checkedTripDetails),
    loadFleet(content),
    givenRules ?? loadPricingRules(),
  ]);
  const legs = measured.map(({ distanceMeters, durationSeconds }) => ({
    distanceMeters,
    durationSeconds,
  }));
  const distanceMeters = legs.reduce((sum, leg) => sum + leg.distanceMeters, 0);
  const durationSeconds = legs.reduce((sum, leg) => sum + leg.durationSeconds, 0);
  // Only the Google route service estimates tolls; the gazetteer's legs have none.
  const tollCents = measured.reduce((sum, leg) => sum + (leg.tollCents ?? 0), 0);
  if (distanceMeters <= 0) {
    // No fare without a distance. Pickup and drop at the same place, with no stop between.
    throw new RouteUnavailableError(
      'The route has no distance: pickup and drop are the same place.',
    );
  }

  const cards: VehicleCard[] = [];
  const quoted: QuotedVehicle[] = [];
  for (const vehicle of fleet) {
    const fare = vehicle.tariff
      ? computeFare({
          tariff: {
            basePrice: vehicle.tariff.basePrice as number,
            minimumDistanceForBasePrice: vehicle.tariff.minimumDistanceForBasePrice,
            perkmSurcharge: vehicle.tariff.perkmSurcharge as number,
            hourlyRate: vehicle.tariff.hourlyRate as number,
            minimumDistanceForHourlyRate: vehicle.tariff.minimumDistanceForHourlyRate,
          },
          distanceMeters,
          byTheHour: trip.byTheHour,
          hours: trip.hours,
        })
      : undefined;
    if (fare === undefined) {
      log.warn('Vehicle type has a tariff that cannot price this trip', { id: vehicle._id });
    }
    const fareLines =
      fare === undefined
        ? undefined
        : priceVehicle({
            trip,
            vehicleType: vehicle.type ?? null,
            fare,
            distanceMeters,
            tollCents,
            rules,
          });
    const priced = withLuggage(fareLines, vehicle, trip);
    const card = toCard(vehicle, priced, trip.passengers);
    cards.push(card);
    if (priced?.priced) {
      quoted.push({
        id: card.id,
        slug: card.slug,
        title: card.title,
        type: card.type,
        passengers: card.passengers,
        // The token's dollar total, read only by instances of the previous release during a
        // rolling deploy (docs/decisions/068-money-as-cents-at-every-edge.md); nothing here reads it.
        fare: legacyDollars(priced.totalCents),
        fareCents: priced.totalCents,
        lines: priced.lines,
      });
    }
  }
  if (quoted.length === 0 && cards.every((card) => card.unavailableReason === null)) {
    throw new FleetUnavailableError('No vehicle type has a usable tariff.');
  }

  const issuedAt = now.getTime();
  const payload: QuotePayload = {
    v: 2,
    quoteId: randomUUID(),
    issuedAt,
    expiresAt: issuedAt + QUOTE_TTL_MS,
    trip,
    distanceMeters,
    durationSeconds,
    legs,
    currency: CURRENCY,
    vehicles: quoted,
  };
  return {
    quoteToken: signQuote(payload, secret ? { secret } : {}),
    expiresAt: new Date(payload.expiresAt).toISOString(),
    trip,
    distanceMeters,
    durationSeconds,
    distanceText: formatDistance(distanceMeters),
    durationText: formatDuration(durationSeconds),
    legs,
    currency: CURRENCY,
    vehicles: cards,
  };
}
