// Every GROQ query the site runs, in one module. The Sanity adapter and the embedded adapter run
// these very strings; `sanity typegen` reads them to generate their result types
// (app/content/sanity.types.ts). User input only ever enters as $params.
import { defineQuery } from 'groq';

const imageFields = /* groq */ `
  alt,
  "url": asset->url,
  "width": asset->metadata.dimensions.width,
  "height": asset->metadata.dimensions.height
`;

export const siteSettingsQuery = defineQuery(`
  *[_type == "siteSettings" && _id == "siteSettings"][0]{
    name,
    legalName,
    abn,
    phone,
    email,
    address,
    description,
    hero{
      heading,
      tagline,
      image{${imageFields}}
    },
    socialLinks[]{_key, platform, url},
    paymentMethods,
    bookingHorizonMonths,
    airportFreeWaitingMinutes,
    footerLinkGroups[]{_key, title, links[]{_key, label, href}}
  }
`);

// --- Marketing pages and the fleet ------------------------------------------------------------

const linkFields = /* groq */ `_key, label, href`;

/** Every section type a marketing page can hold, each with the fields its component renders. */
const pageSectionFields = /* groq */ `
  _key,
  _type,
  _type == "callToAction" => { label, href },
  _type == "ctaBlock" => { heading, text, actions[]{${linkFields}} },
  _type == "benefitTiles" => { heading, tiles[]{_key, icon, title, text} },
  _type == "featureList" => { heading, intro, items[]{_key, title, text}, link{label, href} },
  _type == "servicesCarousel" => {
    heading,
    intro,
    slides[]{_key, title, text, image{${imageFields}}, link{label, href}}
  },
  _type == "appDownload" => { heading, text },
  _type == "statsBlock" => { heading, items[]{_key, value, label} }
`;

/** A marketing page (home, service, about, fleet, joinFleet, contact …) by its route key. */
export const marketingPageQuery = defineQuery(`
  *[_type == "page" && route.current == $route][0]{
    _id,
    title,
    "route": route.current,
    hero{
      heading,
      text,
      actions[]{${linkFields}},
      image{${imageFields}}
    },
    body,
    sections[]{${pageSectionFields}},
    seo{title, description, keywords, noIndex}
  }
`);

const vehicleCardFields = /* groq */ `
  _id,
  title,
  "slug": slug.current,
  subTitle,
  description,
  type,
  image{${imageFields}},
  "passengerMax": features.passengerMax,
  "suitcases": coalesce(features.suitcases, 0),
  "smallBags": coalesce(features.smallBags, 0)
`;

/** The fleet list: categories in order, each with its vehicle types that are not archived. */
export const fleetQuery = defineQuery(`
  *[_type == "vehicleCategory"] | order(order asc, title asc){
    _id,
    title,
    "slug": slug.current,
    description,
    "vehicles": *[_type == "vehicleType" && category._ref == ^._id && isArchived != true]
      | order(order asc, title asc){${vehicleCardFields}}
  }
`);

/** One vehicle type for its detail page; archived types are not found. */
export const vehicleDetailQuery = defineQuery(`
  *[_type == "vehicleType" && slug.current == $slug && isArchived != true][0]{
    ${vehicleCardFields},
    shortDescription,
    disclaimer,
    "category": category->{title, "slug": slug.current},
    tariff{
      basePrice,
      minimumDistanceForBasePrice,
      perkmSurcharge,
      hourlyRate,
      minimumDistanceForHourlyRate
    }
  }
`);

/** One page of reviews ($start inclusive, $end exclusive), the total and the rating summary. */
export const reviewsPageQuery = defineQuery(`{
  "total": count(*[_type == "review"]),
  "reviews": *[_type == "review"] | order(coalesce(order, 1000000) asc, date desc)[$start...$end]{
    _id,
    authorName,
    location,
    tripType,
    rating,
    text,
    date
  },
  "summary": *[_type == "siteSettings" && _id == "siteSettings"][0].reviewSummary{rating, count}
}`);

/** The cities an applicant can drive in: the service areas, in their listed order. */
export const chauffeurCitiesQuery = defineQuery(`
  *[_type == "serviceArea"] | order(order asc){_id, name}
`);

// --- FAQs, policies, service areas, sitemap and search engines --------------------------------

const seoFields = /* groq */ `seo{title, description, keywords, noIndex}`;

/** The `page` fields the FAQ, policies, service-areas, sitemap and sign-up pages render. */
const infoPageFields = /* groq */ `
  _id,
  title,
  "route": route.current,
  hero{heading, text, image{${imageFields}}},
  body,
  ${seoFields}
`;

/** /faqs: its page document and the FAQ sections in order, each with its questions. */
export const faqsPageQuery = defineQuery(`{
  "page": *[_type == "page" && route.current == "faqs"][0]{${infoPageFields}},
  "sections": *[_type == "faqSection" && defined(anchor.current)] | order(order asc, title asc){
    _id,
    title,
    "anchor": anchor.current,
    items[]{_key, question, answer}
  }
}`);

/** /bccPolicies: its page document and the policies listed on it, in order. */
export const policiesIndexQuery = defineQuery(`{
  "page": *[_type == "page" && route.current == "bccPolicies"][0]{${infoPageFields}},
  "policies": *[_type == "policy" && listed != false && defined(route.current)]
    | order(order asc, title asc){_id, title, "route": route.current, summary}
}`);

/** One policy page by route key, with the Policies page's title for the breadcrumb. */
export const policyPageQuery = defineQuery(`
  *[_type == "policy" && route.current == $route][0]{
    _id,
    title,
    "route": route.current,
    summary,
    listed,
    intro,
    sections[]{_key, title, body},
    ${seoFields},
    "parent": *[_type == "page" && route.current == "bccPolicies"][0]{title, "route": route.current}
  }
`);

/** /service-areas: its page document (with the Why Choose list and booking banner) and the areas. */
export const serviceAreasIndexQuery = defineQuery(`{
  "page": *[_type == "page" && route.current == "service-areas"][0]{
    ${infoPageFields},
    "whyChoose": sections[_type == "featureList"][0]{heading, intro, items[]{_key, title, text}},
    "bookingCta": sections[_type == "ctaBlock"][0]{heading, text, actions[]{${linkFields}}}
  },
  "areas": *[_type == "serviceArea" && defined(route.current)] | order(order asc, name asc){
    _id,
    name,
    "route": route.current,
    summary
  }
}`);

/**
 * One service-area page by route key, with what it shares with the /service-areas page (its title
 * for the breadcrumb and its booking banner) and the names of every area (for JSON-LD areaServed).
 */
export const serviceAreaPageQuery = defineQuery(`
  *[_type == "serviceArea" && route.current == $route][0]{
    _id,
    name,
    "route": route.current,
    hero{heading, text, image{${imageFields}}},
    copy,
    whyChooseUs{heading, items[]{_key, title, text}},
    enquiries{heading, text},
    ${seoFields},
    "parent": *[_type == "page" && route.current == "service-areas"][0]{
      title,
      "route": route.current,
      "bookingCta": sections[_type == "ctaBlock"][0]{heading, text, actions[]{${linkFields}}}
    },
    "areasServed": *[_type == "serviceArea" && defined(name)] | order(order asc).name
  }
`);

/** The names of the areas the business serves, for the JSON-LD of the home page. */
export const areasServedQuery = defineQuery(`
  *[_type == "serviceArea" && defined(name)] | order(order asc).name
`);

/** /sitemap: its page document and its link groups. */
export const sitemapPageQuery = defineQuery(`
  *[_type == "page" && route.current == "sitemap"][0]{
    ${infoPageFields},
    "groups": sections[_type == "linkGroup"]{_key, title, links[]{${linkFields}}}
  }
`);

/** /signupSuccess: its page document and its links (Go to Home). */
export const signupSuccessPageQuery = defineQuery(`
  *[_type == "page" && route.current == "signupSuccess"][0]{
    ${infoPageFields},
    "links": sections[_type == "callToAction"]{_key, label, href}
  }
`);

/**
 * What /sitemap.xml lists besides the fixed routes: when each routed document last changed, which
 * ones staff hid from search engines, and the vehicle pages (/fleet/<slug>) of non-archived types.
 */
export const sitemapEntriesQuery = defineQuery(`{
  "documents": *[_type in ["page", "policy", "serviceArea"] && defined(route.current)]{
    "route": route.current,
    _updatedAt,
    "noIndex": seo.noIndex == true
  },
  "vehicles": *[_type == "vehicleType" && isArchived != true && defined(slug.current)]
    | order(slug.current asc){"slug": slug.current, _updatedAt}
}`);

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
 * What dispatch needs: the time a chauffeur and car stay booked after a job's estimated end, and
 * every vehicle type (archived too: a booking keeps the vehicle it was made with) with its
 * passengers and place in the fleet's order, by which a car's type is "smaller" than a booking's.
 */
export const dispatchSettingsQuery = defineQuery(`{
  "bufferMinutes": *[_type == "siteSettings" && _id == "siteSettings"][0].dispatchBufferMinutes,
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
