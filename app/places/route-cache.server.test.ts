import { describe, expect, it, vi } from 'vitest';
import type { Places } from './places.server';
import { withPlacesCache } from './route-cache.server';

function fakePlaces() {
  const route = vi.fn(async (ids: readonly string[]) =>
    ids.slice(1).map(() => ({ distanceMeters: 1000, durationSeconds: 60 })),
  );
  const describe = vi.fn(async (placeId: string) => ({
    description: `Place ${placeId}`,
    kind: 'locality' as const,
  }));
  const suggest = vi.fn(async () => []);
  const places = { kind: 'gazetteer', route, describe, suggest } as unknown as Places;
  return { places, route, describe, suggest };
}

describe('withPlacesCache', () => {
  it('asks the provider once per route and place while the answer is fresh', async () => {
    let clock = 0;
    const fake = fakePlaces();
    const places = withPlacesCache(fake.places, { ttlMs: 1000, maxEntries: 10, now: () => clock });
    const [first, second] = await Promise.all([places.route(['a', 'b']), places.route(['a', 'b'])]);
    expect(first).toEqual(second);
    expect(first).not.toBe(second);
    await places.route(['b', 'a']);
    expect(fake.route).toHaveBeenCalledTimes(2);
    await places.describe('a');
    await places.describe('a');
    expect(fake.describe).toHaveBeenCalledTimes(1);
    // A caller changing its copy changes nobody else's.
    first[0]!.distanceMeters = 0;
    await expect(places.route(['a', 'b'])).resolves.toEqual([
      { distanceMeters: 1000, durationSeconds: 60 },
    ]);
    clock = 1000;
    await places.route(['a', 'b']);
    expect(fake.route).toHaveBeenCalledTimes(3);
  });

  it('keeps no failure, and drops the least recently used past its size', async () => {
    const fake = fakePlaces();
    fake.route.mockRejectedValueOnce(new Error('Routes API answered 503'));
    const places = withPlacesCache(fake.places, { ttlMs: 60_000, maxEntries: 2 });
    await expect(places.route(['a', 'b'])).rejects.toThrow('503');
    await expect(places.route(['a', 'b'])).resolves.toHaveLength(1);
    await places.route(['b', 'c']);
    await places.route(['a', 'b']);
    await places.route(['c', 'd']);
    expect(fake.route).toHaveBeenCalledTimes(4);
    // a→b was used last before c→d came: it stayed; b→c went.
    await places.route(['a', 'b']);
    expect(fake.route).toHaveBeenCalledTimes(4);
    await places.route(['b', 'c']);
    expect(fake.route).toHaveBeenCalledTimes(5);
  });

  it("keeps the gazetteer's suggestions by text, never Google's", async () => {
    const gazetteer = fakePlaces();
    const cached = withPlacesCache(gazetteer.places, { ttlMs: 60_000, maxEntries: 2 });
    await cached.suggest('Bris', 'a');
    await cached.suggest(' bris ', 'b');
    expect(gazetteer.suggest).toHaveBeenCalledTimes(1);
    const google = fakePlaces();
    const billed = withPlacesCache({ ...google.places, kind: 'google' } as Places, {
      ttlMs: 60_000,
      maxEntries: 2,
    });
    await billed.suggest('bris', 't');
    await billed.suggest('bris', 't');
    expect(google.suggest).toHaveBeenCalledTimes(2);
  });

  it('shares kept suggestions read-only: a caller cannot change what the next one gets', async () => {
    const gazetteer = fakePlaces();
    gazetteer.suggest.mockResolvedValueOnce([
      { placeId: 'gz:bne-domestic', description: 'Brisbane Airport (BNE) Domestic' },
    ] as never);
    const cached = withPlacesCache(gazetteer.places, { ttlMs: 60_000, maxEntries: 2 });
    const first = await cached.suggest('Brisbane Air');
    expect(() => first.push({ placeId: 'x', description: 'x' } as never)).toThrow(TypeError);
    expect(() => {
      (first[0] as { description: string }).description = 'Elsewhere';
    }).toThrow(TypeError);
    expect(await cached.suggest('brisbane air')).toEqual([
      { placeId: 'gz:bne-domestic', description: 'Brisbane Airport (BNE) Domestic' },
    ]);
  });
});
