// The GROQ queries the booking and dispatch rules read: the vehicle types a quote prices, the
// surcharges, extras and promo codes, the dispatch settings and a vehicle's cancellation notice
// (the pages' queries are in queries.server.ts). The Sanity adapter and the embedded adapter run
// these very strings; `sanity typegen` reads them to generate their result types
// (app/content/sanity.types.ts). User input only ever enters as $params.
import { defineQuery } from 'groq';
import { imageFields } from './queries.server';

/**
 * Every vehicle type POST /api/quotes prices: not archived, with a tariff, in the fleet's order
 * (category, then vehicle). The tariff never leaves the server; the quote shows fares only.
 */
export const vehicleTypesForQuoteQuery = defineQuery(`
  *[_type == "vehicleType" && isArchived != true && defined(tariff)]
    | order(category->order asc, order asc, title asc){
    _id,
    title,
    "slug": slug.current,
    subTitle,
    shortDescription,
    disclaimer,
    type,
    "category": category->{title, "slug": slug.current},
    image{${imageFields}},
    "passengerMax": features.passengerMax,
    "suitcases": coalesce(features.suitcases, 0),
    "smallBags": coalesce(features.smallBags, 0),
    tariff{
      basePrice,
      minimumDistanceForBasePrice,
      perkmSurcharge,
      hourlyRate,
      minimumDistanceForHourlyRate
    }
  }
`);

// --- Pricing: surcharges, extras and promo codes ------------------------------------------------

const surchargeFields = /* groq */ `
  mode,
  percentage,
  fixedAmounts[]{_key, vehicleType, amount}
`;

/**
 * What the fare lines are priced from besides the tariffs: the surcharges (the "pricing"
 * singleton) and every extra a booking can ask for. Amounts are AUD, GST included.
 */
export const pricingQuery = defineQuery(`{
  "settings": *[_type == "pricing" && _id == "pricing"][0]{
    afterHoursSurcharge{startTime, endTime, ${surchargeFields}},
    publicHolidaySurcharge{${surchargeFields}, dates[]{_key, date, name}}
  },
  "extras": *[_type == "extra"] | order(key asc){_id, key, title, pluralTitle, price, vehicleTypes}
}`);

/** The promo code staff made with this $code (upper case, as Studio stores it), or null. */
export const promoCodeQuery = defineQuery(`
  *[_type == "promoCode" && code == $code][0]{
    _id,
    code,
    discountType,
    percentage,
    amount,
    validFrom,
    validUntil,
    maxUses,
    minimumFare,
    vehicleTypes
  }
`);

/**
 * What dispatch needs: the time a chauffeur and car stay booked after a job's estimated end, how
 * long before pickup the passenger is reminded who is coming, and
 * every vehicle type (archived too: a booking keeps the vehicle it was made with) with its
 * passengers and place in the fleet's order, by which a car's type is "smaller" than a booking's.
 */
export const dispatchSettingsQuery = defineQuery(`{
  "bufferMinutes": *[_type == "siteSettings" && _id == "siteSettings"][0].dispatchBufferMinutes,
  "reminderMinutes": *[_type == "siteSettings" && _id == "siteSettings"][0].pickupReminderMinutes,
  "vehicleTypes": *[_type == "vehicleType"] | order(category->order asc, order asc, title asc){
    _id,
    title,
    isArchived,
    "passengerMax": features.passengerMax
  }
}`);

/**
 * A vehicle type's cancellation notice for a full refund, in hours (null: never refunded), for
 * staff cancelling a booking. Archived vehicles too: a booking keeps the vehicle it was made with.
 */
export const vehicleCancellationNoticeQuery = defineQuery(`
  *[_type == "vehicleType" && _id == $id][0]{ title, type, "noticeHours": cancellationNoticeHours }
`);
