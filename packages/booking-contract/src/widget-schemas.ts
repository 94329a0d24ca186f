// The two small endpoints the booking widget reads besides the booking flow:
//
//   GET /api/me             → meResponseSchema (same origin only: the signed-in customer's profile)
//   GET /api/widget-config  → widgetConfigResponseSchema (public values the widget needs)
import { z } from './zod';

/** The signed-in customer's profile, for prefilling step 3 on the site's own /booking page. */
export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const meResponseSchema = z.object({ user: profileSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const widgetConfigResponseSchema = z.object({
  /** Browser key for the Maps Embed API (public by design); null draws the SVG route sketch. */
  mapsEmbedKey: z.string().nullable(),
  /** The support phone number (CMS), for messages that ask the customer to call. */
  supportPhone: z.string().nullable(),
  /**
   * How many months ahead a pickup may be booked (staff set it in the CMS); the date picker's
   * maximum. The server checks it again on every quote and booking.
   */
  bookingHorizonMonths: z.int().positive(),
  /** How long a chauffeur waits after a flight lands at no charge (CMS), in minutes. */
  airportFreeWaitingMinutes: z.int().nonnegative(),
});
export type WidgetConfigResponse = z.infer<typeof widgetConfigResponseSchema>;
