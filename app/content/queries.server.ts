// The GROQ queries of the site's pages (the booking and dispatch rules' own are in
// rules-queries.server.ts). The Sanity adapter and the embedded adapter run these very strings; `sanity typegen` reads them to generate their result types
// (app/content/sanity.types.ts). User input only ever enters as $params.
import { defineQuery } from 'groq';

export const imageFields = /* groq */ `
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
    airportFreeWaitingMinutes
  }
`);

// --- Menus ------------------------------------------------------------------------------------

/**
 * A menu link: to a document of the site by reference (`page`, so renaming the page moves the
 * link with it) or to an address typed in (`href`: an https site, or one of the app's own pages).
 * app/content/navigation.server.ts turns the document into its address; a link to a document that
 * is not published has neither, and the menus leave it out.
 */
const navLinkFields = /* groq */ `
  _key,
  label,
  "page": page->{_type, "route": route.current},
  href
`;

/**
 * The header's links (a link, or a labelled list of links such as About Us) and the footer's
 * link groups, from the navigation singleton.
 */
export const navigationQuery = defineQuery(`
  *[_type == "navigation" && _id == "navigation"][0]{
    header[]{
      _type,
      _type == "navLink" => {${navLinkFields}},
      _type == "navMenu" => {_key, label, links[]{${navLinkFields}}}
    },
    footer[]{_key, title, links[]{${navLinkFields}}}
  }
`);

// --- Marketing pages and the fleet ------------------------------------------------------------

const linkFields = /* groq */ `_key, label, href`;

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

const reviewFields = /* groq */ `_id, authorName, location, tripType, rating, text, date`;

/** The order reviews are shown in: staff's own order first, then the newest. */
const reviewOrder = /* groq */ `order(coalesce(order, 1000000) asc, date desc)`;

/**
 * Every section type a page can hold, each with the fields its component renders, and what the
 * section shows from elsewhere in the CMS (the fleet, reviews, service areas, FAQ sections) read
 * with it in the same query. A section of a type missing here arrives with its _key and _type
 * only; the site skips it (app/content/page-sections.server.ts).
 */
const pageSectionFields = /* groq */ `
  _key,
  _type,
  _type == "richText" => { body },
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
  _type == "statsBlock" => { heading, items[]{_key, value, label} },
  _type == "linkGroup" => { title, links[]{${linkFields}} },
  _type == "faqGroup" => {
    heading,
    intro,
    "groups": groups[]->{_id, title, "anchor": anchor.current, items[]{_key, question, answer}}
  },
  _type == "fleetList" => {
    heading,
    "categories": *[_type == "vehicleCategory"] | order(order asc, title asc){
      _id,
      title,
      "slug": slug.current,
      description,
      "vehicles": *[_type == "vehicleType" && category._ref == ^._id && isArchived != true]
        | order(order asc, title asc){${vehicleCardFields}}
    }
  },
  _type == "reviewList" => {
    heading,
    intro,
    count,
    link{label, href},
    "reviews": *[_type == "review"] | ${reviewOrder}[0...6]{${reviewFields}},
    "summary": *[_type == "siteSettings" && _id == "siteSettings"][0].reviewSummary{rating, count}
  },
  _type == "serviceAreaList" => {
    heading,
    intro,
    "areas": *[_type == "serviceArea" && defined(route.current)] | order(order asc, name asc){
      _id,
      name,
      "route": route.current,
      summary
    }
  },
  _type == "bookingSection" => {
    heading,
    text,
    pickup,
    drop,
    passengers,
    "vehicle": select(vehicle->isArchived != true => vehicle->slug.current)
  }
`;

/**
 * A page's own search-engine fields; its social image is a URL, with the page's own picture (its
 * hero's) and then the site's landing picture as fallbacks (app/utils/content-seo.ts).
 */
const seoFields = /* groq */ `seo{title, description, keywords, noIndex, "image": image.asset->url}`;

/** A page by its route slug (home, service, about, fleet, a landing page …), with its sections. */
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
    ${seoFields}
  }
`);

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
  "reviews": *[_type == "review"] | ${reviewOrder}[$start...$end]{${reviewFields}},
  "summary": *[_type == "siteSettings" && _id == "siteSettings"][0].reviewSummary{rating, count}
}`);

/** The cities an applicant can drive in: the service areas, in their listed order. */
export const chauffeurCitiesQuery = defineQuery(`
  *[_type == "serviceArea"] | order(order asc){_id, name}
`);

// --- FAQs, policies, service areas, sitemap and search engines --------------------------------

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

/**
 * /sitemap: its page document and its link groups, each with the kind of document it also lists
 * by itself (app/content/info-pages.server.ts adds those from the address index).
 */
export const sitemapPageQuery = defineQuery(`
  *[_type == "page" && route.current == "sitemap"][0]{
    ${infoPageFields},
    "groups": sections[_type == "linkGroup"]{_key, title, collect, links[]{${linkFields}}}
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
 * Every address the CMS gives, read once per content revision (app/content/addresses.server.ts):
 * the documents that are pages (pages, service areas, policies) with what the sitemaps and index
 * pages need of them, and the redirects, each to a document (by reference, so it follows the
 * document's renames) or to an address typed in.
 */
export const addressIndexQuery = defineQuery(`{
  "documents": *[_type in ["page", "serviceArea", "policy"] && defined(route.current)]
    | order(coalesce(order, 1000000) asc, coalesce(title, name) asc){
    _id,
    _type,
    "route": route.current,
    "title": coalesce(title, name),
    _updatedAt,
    "noIndex": seo.noIndex == true,
    "listed": listed != false
  },
  "redirects": *[_type == "redirect" && defined(from)]{
    _id,
    from,
    "to": to->{_type, "route": route.current},
    toPath
  }
}`);

/** The vehicle pages /sitemap.xml lists (/fleet/<slug>): every type that is not archived. */
export const sitemapVehiclesQuery = defineQuery(`
  *[_type == "vehicleType" && isArchived != true && defined(slug.current)]
    | order(slug.current asc){"slug": slug.current, _updatedAt}
`);
