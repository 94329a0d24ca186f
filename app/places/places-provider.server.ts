// Picks the Places adapter for this process from the configuration, once: Google when
// GOOGLE_MAPS_API_KEY is set, the embedded Queensland gazetteer otherwise.
import { getConfig } from '~/utils/env.server';
import { createGazetteerPlaces } from './gazetteer-places.server';
import { createGooglePlaces } from './google-places.server';
import type { Places } from './places.server';

let places: Places | undefined;

export function getPlaces(): Places {
  if (!places) {
    const config = getConfig().places;
    places =
      config.adapter === 'google'
        ? createGooglePlaces({ apiKey: config.apiKey })
        : createGazetteerPlaces();
  }
  return places;
}
