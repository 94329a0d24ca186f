// The rates staff set in Studio beyond the tariffs: the surcharges (the "pricing" singleton), the
// extras a booking can ask for and the promo codes. Read without a request: prices are always
// the published ones, never a member of staff's draft. The content source caches and refreshes
// them as it does every other query (content.server.ts).
import { getContentSource } from './content.server';
import { pricingQuery, promoCodeQuery } from './rules-queries.server';

/** The surcharges (settings, null when the document is missing) and every extra. */
export async function getPricingContent() {
  return getContentSource().fetch(pricingQuery);
}

export type PricingContent = Awaited<ReturnType<typeof getPricingContent>>;

/**
 * The promo code with this code, or null. Studio stores codes in upper case; customers may type
 * them in any case and with spaces around.
 */
export async function getPromoCode(code: string) {
  return getContentSource().fetch(promoCodeQuery, { code: code.trim().toUpperCase() });
}

export type PromoCodeContent = NonNullable<Awaited<ReturnType<typeof getPromoCode>>>;
