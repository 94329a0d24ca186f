// ContentSource on Sanity's Content Lake: published content from the API CDN, with an in-memory
// cache that keeps the last good result of every query so a Sanity outage or a slow answer never
// takes the site down. Staff in draft mode get drafts, fresh from the API with the read token, with
// the Studio's edit links hidden in their text (stega) for the visual-editing overlays
// (docs/decisions/052-visual-editing-in-draft-mode.md); published reads never carry them.
import { createClient, type FilterDefault, type SanityClient } from '@sanity/client';
import {
  ContentUnavailableError,
  type ContentSource,
  type FetchOptions,
  type QueryParams,
  type QueryResult,
} from './content-source.server';

export interface SanityContentOptions {
  projectId: string;
  dataset: string;
  apiVersion: string;
  /** Only for tests and private API gateways: replaces https://<projectId>.api(cdn).sanity.io. */
  apiHost?: string;
  timeoutMs: number;
  /**
   * A read token (Viewer role), for preview only: with it, fetch(…, { preview: true }) reads drafts.
   * Published content never uses it, so the CDN keeps serving visitors.
   */
  readToken?: string;
  /** The Studio the stega edit links of draft-mode reads open (SANITY_STUDIO_URL). */
  studioUrl?: string;
  /** How long a result is served without asking Sanity again. */
  freshForMs?: number;
  /**
   * When a stale copy exists and Sanity has not answered within this time, the stale copy is
   * served and the request goes on in the background to refresh the cache.
   */
  staleAfterMs?: number;
  /**
   * How many distinct query + params results are kept. Params can come from URLs (a slug), so
   * the cache must not grow with every address a visitor or a crawler makes up.
   */
  maxEntries?: number;
  now?: () => number;
  logger?: Pick<Console, 'warn'>;
}

interface Entry {
  /** Whether `value` holds an answer from Sanity (false while the first request is under way). */
  hasValue: boolean;
  value: unknown;
  fetchedAt: number;
  stale: boolean;
  inFlight?: Promise<unknown>;
}

export function createSanityContentSource(options: SanityContentOptions): ContentSource {
  const client: SanityClient = createClient({
    projectId: options.projectId,
    dataset: options.dataset,
    apiVersion: options.apiVersion,
    useCdn: true,
    perspective: 'published',
    // With a read token the dataset can be private (promo codes are content): the CDN serves
    // authenticated requests too.
    ...(options.readToken ? { token: options.readToken, ignoreBrowserTokenWarning: true } : {}),
    timeout: options.timeoutMs,
    // Retries happen through the cache (stale copy now, fresh copy on the next request), not by
    // making the visitor wait.
    maxRetries: 0,
    ...(options.apiHost ? { apiHost: options.apiHost, useProjectHostname: false } : {}),
  });
  // Sanity renamed the `previewDrafts` perspective to `drafts` in API version 2025-02-19.
  const draftsPerspective = options.apiVersion >= '2025-02-19' ? 'drafts' : 'previewDrafts';
  // Drafts are never cached (staff expect to see their last keystroke) and never come from the
  // CDN, which serves published content only.
  const previewClient = options.readToken
    ? client.withConfig({
        token: options.readToken,
        useCdn: false,
        perspective: draftsPerspective,
        ignoreBrowserTokenWarning: true,
        ...(options.studioUrl
          ? { stega: { enabled: true, studioUrl: options.studioUrl, filter: stegaFilter } }
          : {}),
      })
    : undefined;
  const freshForMs = options.freshForMs ?? 60_000;
  const staleAfterMs = options.staleAfterMs ?? 1_500;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const logger = options.logger ?? console;
  // Insertion order is recency order: remember() re-inserts, so the first key is the least recent.
  const cache = new Map<string, Entry>();
  // Counts invalidate() calls: an answer to a request sent before the latest webhook may predate
  // the content it announced, so it is kept as a fallback but not trusted as fresh.
  let generation = 0;

  function remember(key: string, entry: Entry): void {
    cache.delete(key);
    cache.set(key, entry);
    // Only answers count and make room: a request still under way takes none, so made-up
    // addresses asked for during an outage (each a query that fails) cannot push the last good
    // copies out.
    if (!entry.hasValue || cache.size <= maxEntries) return;
    let answers = 0;
    for (const kept of cache.values()) if (kept.hasValue) answers += 1;
    for (const [oldest, kept] of cache) {
      if (answers <= maxEntries) break;
      if (!kept.hasValue) continue;
      cache.delete(oldest);
      answers -= 1;
    }
  }

  function refresh(key: string, query: string, params: QueryParams): Promise<unknown> {
    const existing = cache.get(key);
    if (existing?.inFlight) return existing.inFlight;
    const sentIn = generation;
    const request = client
      .fetch(query, params, { perspective: 'published', useCdn: true })
      .then((value: unknown) => {
        remember(key, { hasValue: true, value, fetchedAt: now(), stale: sentIn !== generation });
        return value;
      })
      .finally(() => {
        const entry = cache.get(key);
        if (entry?.inFlight === request) delete entry.inFlight;
      });
    if (existing) existing.inFlight = request;
    else
      remember(key, {
        hasValue: false,
        value: undefined,
        fetchedAt: 0,
        stale: true,
        inFlight: request,
      });
    return request;
  }

  return {
    kind: 'sanity',
    async fetch<const Q extends string>(
      query: Q,
      params: QueryParams = {},
      fetchOptions: FetchOptions = {},
    ) {
      if (fetchOptions.preview) {
        if (!previewClient) {
          throw new ContentUnavailableError('Preview needs SANITY_API_READ_TOKEN to be set.');
        }
        try {
          return (await previewClient.fetch(query, params, {
            perspective: draftsPerspective,
            useCdn: false,
          })) as QueryResult<Q>;
        } catch (error) {
          logger.warn(`Sanity preview query failed: ${describe(error)}`);
          throw new ContentUnavailableError('Preview content is temporarily unavailable.', {
            cause: error,
          });
        }
      }
      const key = `${query}\u0000${JSON.stringify(params)}`;
      const entry = cache.get(key);
      const hasGoodCopy = entry !== undefined && entry.hasValue;
      if (hasGoodCopy && !entry.stale && now() - entry.fetchedAt < freshForMs) {
        remember(key, entry);
        return entry.value as QueryResult<Q>;
      }
      const request = refresh(key, query, params);
      if (!hasGoodCopy) {
        try {
          return (await request) as QueryResult<Q>;
        } catch (error) {
          if (cache.get(key)?.hasValue === false) cache.delete(key);
          logger.warn(`Sanity query failed with no cached copy: ${describe(error)}`);
          throw new ContentUnavailableError('Content is temporarily unavailable.', {
            cause: error,
          });
        }
      }
      const fallback = entry.value as QueryResult<Q>;
      let timer: NodeJS.Timeout | undefined;
      const slow = new Promise<QueryResult<Q>>((resolve) => {
        timer = setTimeout(() => {
          logger.warn('Sanity is slow; serving the last good copy.');
          resolve(fallback);
        }, staleAfterMs);
      });
      const fresh = request.then(
        (value) => value as QueryResult<Q>,
        (error: unknown) => {
          logger.warn(`Sanity query failed; serving the last good copy: ${describe(error)}`);
          return fallback;
        },
      );
      try {
        return await Promise.race([fresh, slow]);
      } finally {
        clearTimeout(timer);
      }
    },
    invalidate() {
      generation += 1;
      for (const entry of cache.values()) entry.stale = true;
    },
    // Published content changes under a revision too (a copy is only fresh for a minute), as it
    // does behind a CDN; the webhook is what says "now".
    revision: () => `sanity-${generation}`,
  };
}

/**
 * Fields the site uses as data rather than shows as text, besides those Sanity's default filter
 * already leaves alone (URLs, dates, `href`, `email`, SEO, types, and slugs of fields named
 * `slug`): an address (a `route` slug's `current`) is matched and linked to, a phone number becomes
 * a tel: link, an anchor an element id, a booking section's places the widget's attributes, a
 * promo code a value to compare.
 */
const DATA_FIELDS: ReadonlySet<string> = new Set([
  'current',
  'phone',
  'anchor',
  'pickup',
  'drop',
  'code',
]);

/**
 * A key from a list of options rather than words to read ("facebook", "applePay", "percentage",
 * "stretch-limousine"): the site looks things up by it (an icon, a payment badge, a rule).
 */
const OPTION_KEY = /^[a-z][a-zA-Z0-9]*(?:[-_][a-zA-Z0-9]+)*$/;

/** Which strings of a draft-mode read carry stega: text people read, never data. */
function stegaFilter(props: Parameters<FilterDefault>[0]): boolean {
  const field = props.sourcePath.at(-1);
  if (typeof field === 'string' && DATA_FIELDS.has(field)) return false;
  if (OPTION_KEY.test(props.value)) return false;
  return props.filterDefault(props);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ? `${error.message} (${cause.code})` : error.message;
  }
  return String(error);
}
