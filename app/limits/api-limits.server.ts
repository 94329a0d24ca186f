// Per-client limits of the booking API (places, quotes, draft bookings), counted in the store like
// every other limit, so they hold across instances. The numbers come from the configuration
// (LIMIT_PLACES_PER_MINUTE, LIMIT_QUOTES_PER_MINUTE, LIMIT_BOOKINGS_PER_HOUR,
// LIMIT_PROMO_CODES_PER_HOUR): a benchmark raises
// them there, never through anything a request can send.
import { getConfig } from '~/utils/env.server';
import { createRateLimiter, type RateLimiter } from './rate-limit.server';

const MINUTE = 60_000;

export const apiLimiters = {
  places: createRateLimiter({
    name: 'api-places',
    limit: () => getConfig().apiLimits.placesPerMinute,
    windowMs: MINUTE,
  }),
  quotes: createRateLimiter({
    name: 'api-quotes',
    limit: () => getConfig().apiLimits.quotesPerMinute,
    windowMs: MINUTE,
  }),
  bookings: createRateLimiter({
    name: 'api-bookings',
    limit: () => getConfig().apiLimits.bookingsPerHour,
    windowMs: 60 * MINUTE,
  }),
  promoCodes: createRateLimiter({
    name: 'api-promo-codes',
    limit: () => getConfig().apiLimits.promoCodesPerHour,
    windowMs: 60 * MINUTE,
  }),
} satisfies Record<string, RateLimiter>;
