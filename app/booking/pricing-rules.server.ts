// The rates staff set in Studio (the "pricing" document, the extras and the promo codes), read
// into the plain values the fare lines are computed from (fare-lines.server.ts). A rate the CMS
// holds badly (a negative amount, a time that is not HH:MM, an unknown extra) is left out with a
// warning rather than priced: Studio's validation shows staff the same problem.
import { extraKeys, parseTimeOfDay, type ExtraKey } from '@business-chauffeur/booking-contract';
import { getPricingContent, getPromoCode, type PricingContent } from '~/content/pricing.server';
import { log } from '~/utils/log.server';
import type {
  AfterHoursRule,
  ExtraRule,
  PricingRules,
  PromoRule,
  PublicHolidayRule,
  SurchargeRule,
} from './fare-lines.server';

type Maybe<T> = T | null | undefined;

interface SurchargeContent {
  mode?: Maybe<string>;
  percentage?: Maybe<number>;
  fixedAmounts?: Maybe<{ vehicleType?: Maybe<string>; amount?: Maybe<number> }[]>;
}

/** A promo code document, as the promo query returns it. */
export interface PromoContent {
  code?: Maybe<string>;
  discountType?: Maybe<string>;
  percentage?: Maybe<number>;
  amount?: Maybe<number>;
  validFrom?: Maybe<string>;
  validUntil?: Maybe<string>;
  maxUses?: Maybe<number>;
  minimumFare?: Maybe<number>;
  vehicleTypes?: Maybe<string[]>;
}

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function surchargeRule(content: SurchargeContent): SurchargeRule | null {
  if (content.mode === 'percentage') {
    if (!isAmount(content.percentage) || content.percentage > 100) return null;
    return { mode: 'percentage', percentage: content.percentage, fixedAmounts: {} };
  }
  if (content.mode === 'fixed') {
    const fixedAmounts: Record<string, number> = {};
    for (const entry of content.fixedAmounts ?? []) {
      if (entry.vehicleType && isAmount(entry.amount))
        fixedAmounts[entry.vehicleType] = entry.amount;
    }
    return { mode: 'fixed', percentage: 0, fixedAmounts };
  }
  return null;
}

function afterHoursRule(content: PricingContent): AfterHoursRule | null {
  const doc = content.settings?.afterHoursSurcharge;
  if (!doc) return null;
  const rule = surchargeRule(doc);
  const { startTime, endTime } = doc;
  if (!rule || !startTime || !endTime) return null;
  if (parseTimeOfDay(startTime) === undefined || parseTimeOfDay(endTime) === undefined) return null;
  return { ...rule, startTime, endTime };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function publicHolidayRule(content: PricingContent): PublicHolidayRule | null {
  const doc = content.settings?.publicHolidaySurcharge;
  if (!doc) return null;
  const rule = surchargeRule(doc);
  if (!rule) return null;
  const dates: Record<string, string> = {};
  for (const entry of doc.dates ?? []) {
    if (entry.date && ISO_DATE.test(entry.date)) dates[entry.date] = entry.name ?? 'Public holiday';
  }
  return { ...rule, dates };
}

const isExtraKey = (key: unknown): key is ExtraKey =>
  typeof key === 'string' && (extraKeys as readonly string[]).includes(key);

function extraRules(content: PricingContent): ExtraRule[] {
  const rules: ExtraRule[] = [];
  for (const doc of content.extras ?? []) {
    if (!isExtraKey(doc.key) || !doc.title || !isAmount(doc.price)) {
      log.warn('Extra left out of pricing: key, title or price missing', { id: doc._id });
      continue;
    }
    rules.push({
      key: doc.key,
      title: doc.title,
      pluralTitle: doc.pluralTitle || `${doc.title}s`,
      price: doc.price,
      vehicleTypes: doc.vehicleTypes ?? [],
    });
  }
  return rules;
}

/** The pricing rules the CMS content describes. */
export function toPricingRules(content: PricingContent | null | undefined): PricingRules {
  const doc: PricingContent = content ?? { settings: null, extras: [] };
  return {
    afterHours: afterHoursRule(doc),
    publicHoliday: publicHolidayRule(doc),
    extras: extraRules(doc),
  };
}

/** A promo code's rule, or null when the document cannot be a usable code. */
export function toPromoRule(content: PromoContent | null | undefined): PromoRule | null {
  if (!content?.code || !Number.isInteger(content.maxUses) || (content.maxUses ?? 0) < 1) {
    return null;
  }
  const type = content.discountType;
  if (type === 'percentage' && !(isAmount(content.percentage) && content.percentage > 0))
    return null;
  if (type === 'fixed' && !(isAmount(content.amount) && content.amount > 0)) return null;
  if (type !== 'percentage' && type !== 'fixed') return null;
  return {
    code: content.code.toUpperCase(),
    discountType: type,
    percentage: type === 'percentage' ? (content.percentage ?? 0) : 0,
    amount: type === 'fixed' ? (content.amount ?? 0) : 0,
    validFrom: content.validFrom ?? null,
    validUntil: content.validUntil ?? null,
    maxUses: content.maxUses as number,
    minimumFare: isAmount(content.minimumFare) ? content.minimumFare : 0,
    vehicleTypes: content.vehicleTypes ?? [],
  };
}

/** The rates the CMS holds now. */
export async function loadPricingRules(): Promise<PricingRules> {
  return toPricingRules(await getPricingContent());
}

/** The promo code staff made with this code (any case), or null. */
export async function loadPromoRule(code: string): Promise<PromoRule | null> {
  const normalised = code.trim().toUpperCase();
  if (!/^[A-Z0-9-]{1,40}$/.test(normalised)) return null;
  return toPromoRule(await getPromoCode(normalised));
}
