// The fleet as the site shows it: categories in order, each with its vehicle types that are not
// archived (docs/product.md, "Routes"), and single vehicle types for their detail pages.
import { getContentSource } from './content.server';
import { fleetQuery, vehicleDetailQuery } from './queries.server';

/** Categories that have at least one bookable vehicle, each with those vehicles. */
export async function getFleet(request?: Request) {
  // The request decides whether a staff member's preview (drafts) is on.
  const categories = await getContentSource(request).fetch(fleetQuery);
  // An empty category would show a heading with nothing under it.
  return categories.filter((category) => category.vehicles.length > 0);
}

export type FleetCategory = Awaited<ReturnType<typeof getFleet>>[number];
export type FleetVehicle = FleetCategory['vehicles'][number];

/** A vehicle type by slug, or null when it does not exist or is archived. */
export async function getVehicle(slug: string, request?: Request) {
  return getContentSource(request).fetch(vehicleDetailQuery, { slug });
}
