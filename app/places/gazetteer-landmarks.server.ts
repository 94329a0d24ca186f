// The places customers of a chauffeur service name most, added by hand to the gazetteer's
// localities: the airports by terminal, the cruise terminals, the CBDs and centres, railway
// stations, major hotels (Brisbane, then the Gold Coast, then the Sunshine Coast), venues,
// hospitals and universities, listed in that order in gazetteer-landmarks.json. Coordinates are
// the main entrance or set-down area, to about 100 m, from public maps; the suburb and postcode
// complete the text shown in the suggestions. The list's order breaks ties between equally good
// matches of one kind.
import landmarkData from './gazetteer-landmarks.json';

export const landmarkKinds = [
  'airport',
  'cruise',
  'cbd',
  'station',
  'hotel',
  'venue',
  'hospital',
  'university',
] as const;

export type LandmarkKind = (typeof landmarkKinds)[number];

export interface Landmark {
  /** Stable slug; the place id is `gz:<slug>`. */
  slug: string;
  name: string;
  /** Suburb, state and postcode, as the suggestion's second half. */
  locality: string;
  lat: number;
  lng: number;
  kind: LandmarkKind;
  /** Other words people search it by (codes, airline names, old names). */
  aliases?: string[];
}

// JSON reads `kind` as any string; the gazetteer's test checks each entry against this type.
export const landmarks = landmarkData as Landmark[];
