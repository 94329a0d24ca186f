// Which partner sites may call the booking API, as this instance knows them: the partners staff
// manage (the store is the truth) and those PARTNER_ORIGINS adds. Every API request asks, so each
// instance keeps the store's list for at most MAX_AGE_MS and then reads it again: a partner staff
// add, change or switch off takes effect on every instance within that time, with no restart and
// no message between instances (docs/decisions/062-partners-as-store-records.md). A save on this
// instance forgets its copy at once. One read at a time: requests that arrive while the list is
// being read wait for that read.
import { getConfig } from '~/utils/env.server';
import { log } from '~/utils/log.server';
import type { PartnerRecord, PartnerStore } from '~/store/partner-store.server';
import { getPartnerStore } from '~/store/store.server';
import { partnerOriginOf } from './partner-origins';

/** How long an instance may keep the list of partners (milliseconds). */
export const MAX_AGE_MS = 30_000;
/** How long a failed read is not tried again (the last list read, if any, is kept meanwhile). */
const RETRY_AFTER_FAILURE_MS = 5_000;

/** A partner site as the API sees it. `stored` is null for a PARTNER_ORIGINS origin. */
export interface KnownPartner {
  origin: string;
  stored: PartnerRecord | null;
}

export interface PartnerView {
  /** Every partner in the store, switched off ones included, by name. */
  partners: PartnerRecord[];
  /** The origins that may call the API (active partners' and PARTNER_ORIGINS'), with their partner. */
  allowed: ReadonlyMap<string, KnownPartner>;
  /** PARTNER_ORIGINS, normalised: the partners the environment adds. */
  environment: string[];
}

export interface PartnerDirectory {
  view(): Promise<PartnerView>;
  /** Drops this instance's copy (after a save here), so the next request reads the store. */
  forget(): void;
}

/** PARTNER_ORIGINS as origins (an entry that is not one is skipped, as before). */
export function environmentOrigins(values: readonly string[]): string[] {
  const origins: string[] = [];
  for (const value of values) {
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.push(url.origin);
    } catch {
      // Not a URL: never matches a browser's Origin.
    }
  }
  return [...new Set(origins)];
}

export function viewOf(partners: PartnerRecord[], environment: string[]): PartnerView {
  const allowed = new Map<string, KnownPartner>();
  for (const origin of environment) allowed.set(origin, { origin, stored: null });
  for (const partner of partners) {
    if (!partner.active) continue;
    for (const value of partner.origins) {
      const origin = partnerOriginOf(value);
      if (origin) allowed.set(origin, { origin, stored: partner });
    }
  }
  return { partners, allowed, environment };
}

export function createPartnerDirectory({
  store,
  environment,
  now = Date.now,
  maxAgeMs = MAX_AGE_MS,
}: {
  store: () => PartnerStore;
  environment: () => string[];
  now?: () => number;
  maxAgeMs?: number;
}): PartnerDirectory {
  let kept: { view: PartnerView; until: number } | null = null;
  let lastRead: PartnerRecord[] | null = null;
  let reading: Promise<PartnerView> | null = null;
  // Bumped by forget(): a read begun before a save here must not be kept after it.
  let generation = 0;

  async function read(): Promise<PartnerView> {
    const startedAt = now();
    const began = generation;
    const keep = (view: PartnerView, forMs: number) => {
      // The age counts from when the read began: a slow read never stretches the limit.
      if (began === generation) kept = { view, until: startedAt + forMs };
      return view;
    };
    try {
      const partners = await store().listPartners();
      lastRead = partners;
      return keep(viewOf(partners, environmentOrigins(environment())), maxAgeMs);
    } catch (error) {
      log.error('The partners could not be read; keeping the last list read', { error });
      const view = viewOf(lastRead ?? [], environmentOrigins(environment()));
      return keep(view, Math.min(RETRY_AFTER_FAILURE_MS, maxAgeMs));
    }
  }

  return {
    view() {
      if (kept && now() < kept.until) return Promise.resolve(kept.view);
      if (reading) return reading;
      const current = read().finally(() => {
        if (reading === current) reading = null;
      });
      reading = current;
      return current;
    },
    forget() {
      generation += 1;
      kept = null;
      reading = null;
    },
  };
}

/** This process's directory, on the configured store. */
export const partnerDirectory: PartnerDirectory = createPartnerDirectory({
  store: getPartnerStore,
  environment: () => getConfig().partnerOrigins,
});
