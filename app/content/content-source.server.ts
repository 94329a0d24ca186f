// The ContentSource port: how the site reads CMS content, whichever adapter is behind it.
import type { SanityQueries } from '@sanity/client';

/** The result type `sanity typegen` generated for a query string, or unknown for an unknown query. */
export type QueryResult<Q extends string> = Q extends keyof SanityQueries
  ? SanityQueries[Q]
  : unknown;

export type QueryParams = Record<string, string | number | boolean | string[] | null>;

export interface FetchOptions {
  /**
   * Staff preview (a signed preview cookie, see app/utils/preview.server.ts): the Sanity adapter
   * answers from the drafts perspective with its read token, bypassing the CDN and the cache.
   * The embedded dataset has no drafts to show, so it ignores the flag.
   */
  preview?: boolean;
}

export interface ContentSource {
  readonly kind: 'sanity' | 'embedded';
  /** Runs one of the queries of queries.server.ts. */
  fetch<const Q extends string>(
    query: Q,
    params?: QueryParams,
    options?: FetchOptions,
  ): Promise<QueryResult<Q>>;
  /** Marks cached results stale (a content webhook arrived); the last good copies stay as a fallback. */
  invalidate(): void;
  /**
   * Names the published content the next read will see, cheaply: it changes whenever that content
   * may have changed (the dataset file's hash; on Sanity, each webhook). The page cache keeps a
   * copy only for the revision it was rendered from (server/page-cache.ts).
   */
  revision(): string;
}

/** Content could not be read and there was no earlier copy to fall back on. */
export class ContentUnavailableError extends Error {
  override name = 'ContentUnavailableError';
}
