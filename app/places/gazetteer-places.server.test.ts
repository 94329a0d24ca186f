import { describe, expect, it } from 'vitest';
import { landmarkKinds, landmarks } from './gazetteer-landmarks.server';
import {
  AVERAGE_SPEED_KMH,
  createGazetteerPlaces,
  estimateLeg,
  greatCircleMeters,
  normalise,
  ROAD_FACTOR,
} from './gazetteer-places.server';
import { PlaceNotFoundError } from './places.server';

const gazetteer = createGazetteerPlaces();
const first = async (query: string) => (await gazetteer.suggest(query))[0];

describe('the Queensland gazetteer', () => {
  it('holds at least 150 places with unique ids, all in South-East Queensland', async () => {
    expect(gazetteer.size).toBeGreaterThanOrEqual(150);
    const ids = new Set<string>();
    for (const landmark of landmarks) {
      const id = `gz:${landmark.slug}`;
      expect(ids.has(id), id).toBe(false);
      ids.add(id);
      expect(landmark.lat, landmark.slug).toBeGreaterThan(-28.4);
      expect(landmark.lat, landmark.slug).toBeLessThan(-26.1);
      expect(landmark.lng, landmark.slug).toBeGreaterThan(152.4);
      expect(landmark.lng, landmark.slug).toBeLessThan(153.7);
      expect(gazetteer.lookup(id)?.description).toBe(`${landmark.name}, ${landmark.locality}`);
    }
  });

  it('reads every landmark of gazetteer-landmarks.json with the fields its type promises', () => {
    for (const landmark of landmarks) {
      expect(landmarkKinds, landmark.slug).toContain(landmark.kind);
      expect(landmark.slug, landmark.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(typeof landmark.name === 'string' && landmark.name !== '', landmark.slug).toBe(true);
      expect(landmark.locality, landmark.slug).toMatch(/ QLD \d{4}$/);
      expect(Number.isFinite(landmark.lat) && Number.isFinite(landmark.lng), landmark.slug).toBe(
        true,
      );
      for (const alias of landmark.aliases ?? [])
        expect(typeof alias, landmark.slug).toBe('string');
    }
  });

  it('has the airports by terminal, the cruise terminals and every kind of landmark', () => {
    for (const id of [
      'gz:bne-domestic',
      'gz:bne-international',
      'gz:ool-terminal',
      'gz:mcy-terminal',
      'gz:brisbane-international-cruise-terminal',
      'gz:portside-wharf',
      'gz:brisbane-cbd',
      'gz:surfers-paradise-centre',
      'gz:maroochydore-cbd',
    ]) {
      expect(gazetteer.lookup(id), id).toBeDefined();
    }
    const kinds = new Set(landmarks.map((landmark) => landmark.kind));
    for (const kind of ['hotel', 'venue', 'hospital', 'university'] as const) {
      expect(kinds.has(kind), kind).toBe(true);
      expect(landmarks.filter((landmark) => landmark.kind === kind).length).toBeGreaterThanOrEqual(
        5,
      );
    }
  });

  it.each([
    ['New Farm', 'New Farm QLD 4005'],
    ['Burleigh Heads', 'Burleigh Heads QLD 4220'],
    ['Coolum Beach', 'Coolum Beach QLD 4573'],
    ['Springfield Lakes', 'Springfield Lakes QLD 4300'],
  ])(
    'knows the suburb %s (Brisbane, Gold Coast, Sunshine Coast, Ipswich)',
    async (query, description) => {
      expect((await first(query))?.description).toBe(description);
    },
  );
});

describe('suggestions', () => {
  it.each([
    ['bne', 'gz:bne-domestic'],
    ['BNE international', 'gz:bne-international'],
    ['ool', 'gz:ool-terminal'],
    ['gold coast airport', 'gz:ool-terminal'],
    ['Coolangatta airport', 'gz:ool-terminal'],
    ['mcy', 'gz:mcy-terminal'],
    ['airport', 'gz:bne-domestic'],
    ['cruise', 'gz:brisbane-international-cruise-terminal'],
    ['portside', 'gz:portside-wharf'],
    ['queens wharf', 'gz:the-star-grand-brisbane'],
    ['Queen’s Wharf', 'gz:the-star-grand-brisbane'],
    ['rbwh', 'gz:royal-brisbane-and-womens-hospital'],
    ['uq', 'gz:uq-st-lucia'],
    ['suncorp', 'gz:suncorp-stadium'],
    // A terminal before the suburb of the same name (what a partner's pickup="…" prefill takes).
    ['Brisbane Airport', 'gz:bne-domestic'],
    ['paddington', 'gz:4064-paddington'],
  ])('"%s" suggests %s first', async (query, placeId) => {
    expect((await first(query))?.placeId).toBe(placeId);
  });

  it('matches word prefixes in any order', async () => {
    const ids = (await gazetteer.suggest('terminal dom')).map((s) => s.placeId);
    expect(ids[0]).toBe('gz:bne-domestic');
    expect((await gazetteer.suggest('paradise surf')).map((s) => s.description)).toContain(
      'Surfers Paradise QLD 4217',
    );
  });

  it('ranks the name starting with the query above a word inside the name', async () => {
    const descriptions = (await gazetteer.suggest('brisbane')).map((s) => s.description);
    const cityIndex = descriptions.indexOf('Brisbane CBD, Brisbane City QLD 4000');
    expect(cityIndex).toBeGreaterThanOrEqual(0);
    expect(descriptions).not.toContain('East Brisbane QLD 4169');
  });

  it('finds suburbs by postcode', async () => {
    const descriptions = (await gazetteer.suggest('4005')).map((s) => s.description);
    expect(descriptions).toEqual(['New Farm QLD 4005', 'Teneriffe QLD 4005']);
  });

  it('gives at most 8 suggestions, none for blank input or no match', async () => {
    expect(await gazetteer.suggest('s')).toHaveLength(8);
    expect(await gazetteer.suggest('   ')).toEqual([]);
    expect(await gazetteer.suggest('?!')).toEqual([]);
    expect(await gazetteer.suggest('melbourne')).toEqual([]);
  });

  it('ignores case, accents and punctuation', () => {
    expect(normalise('  Café—Noosa’s  BEST! ')).toBe('cafe noosas best');
  });
});

describe('route legs', () => {
  it('gives one leg per consecutive pair, great-circle × road factor at the average speed', async () => {
    const ids = ['gz:bne-domestic', 'gz:brisbane-cbd', 'gz:surfers-paradise-centre'];
    const legs = await gazetteer.route(ids);
    expect(legs).toHaveLength(2);
    const points = ids.map((id) => gazetteer.lookup(id)!);
    for (const [index, leg] of legs.entries()) {
      const straight = greatCircleMeters(points[index]!, points[index + 1]!);
      expect(leg.distanceMeters).toBe(Math.round(straight * ROAD_FACTOR));
      expect(leg.durationSeconds).toBe(Math.round(leg.distanceMeters / (AVERAGE_SPEED_KMH / 3.6)));
    }
    // Realistic: the domestic terminal to the CBD is 15 to 20 km by road, the CBD to Surfers
    // Paradise 75 to 95 km.
    expect(legs[0]!.distanceMeters).toBeGreaterThan(15_000);
    expect(legs[0]!.distanceMeters).toBeLessThan(20_000);
    expect(legs[1]!.distanceMeters).toBeGreaterThan(75_000);
    expect(legs[1]!.distanceMeters).toBeLessThan(95_000);
  });

  it('measures the great circle correctly (one degree of latitude is about 111.2 km)', () => {
    expect(greatCircleMeters({ lat: -27, lng: 153 }, { lat: -28, lng: 153 })).toBeCloseTo(
      111_195,
      -1,
    );
    expect(estimateLeg({ lat: -27, lng: 153 }, { lat: -27, lng: 153 })).toEqual({
      distanceMeters: 0,
      durationSeconds: 0,
    });
  });

  it('is the same both ways and 0 from a place to itself', async () => {
    const [there] = await gazetteer.route(['gz:ool-terminal', 'gz:mcy-terminal']);
    const [back] = await gazetteer.route(['gz:mcy-terminal', 'gz:ool-terminal']);
    expect(back).toEqual(there);
    expect(await gazetteer.route(['gz:ool-terminal', 'gz:ool-terminal'])).toEqual([
      { distanceMeters: 0, durationSeconds: 0 },
    ]);
  });

  it("describes a place id with the gazetteer's own name and kind, and refuses an unknown id", async () => {
    expect(await gazetteer.describe('gz:bne-domestic')).toEqual({
      description: gazetteer.lookup('gz:bne-domestic')?.description,
      kind: 'airport',
    });
    expect(await gazetteer.describe('gz:4000-brisbane-city')).toEqual({
      description: 'Brisbane City QLD 4000',
      kind: 'locality',
    });
    await expect(gazetteer.describe('ChIJ-google-id')).rejects.toBeInstanceOf(PlaceNotFoundError);
  });

  it('throws PlaceNotFoundError naming an unknown id', async () => {
    const error = await gazetteer
      .route(['gz:bne-domestic', 'ChIJ-google-id'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlaceNotFoundError);
    expect((error as PlaceNotFoundError).placeId).toBe('ChIJ-google-id');
  });
});
