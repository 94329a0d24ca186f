// Picks the ContentSource adapter for this process from the configuration, once.
import { type AppConfig, getConfig } from '~/utils/env.server';
import { isPreviewConfigured, isPreviewRequest } from '~/utils/preview.server';
import {
  ContentUnavailableError,
  type ContentSource,
  type FetchOptions,
  type QueryParams,
} from './content-source.server';
import { createEmbeddedContentSource } from './embedded-content-source.server';
import { createSanityContentSource } from './sanity-content-source.server';

let source: { config: AppConfig; source: ContentSource } | undefined;

/**
 * The content source. Loaders pass their request, so a member of staff in preview mode sees drafts
 * on every page; without a request (or without a preview cookie) it reads published content.
 *
 * A page's read that fails with no last good copy to fall back on (Sanity down since the process
 * started) throws a 503 response with Retry-After: the root error boundary shows "We will be right
 * back" with the phone number, and no cache keeps it (cache-control.server.ts). Reads without a
 * request (APIs, emails) get the ContentUnavailableError to handle in their own way.
 */
export function getContentSource(request?: Request): ContentSource {
  const config = getConfig();
  // One source per configuration: the process's, made once (tests that read a fresh configuration
  // get a source of their own).
  if (source?.config !== config) {
    const { content } = config;
    source = {
      config,
      source:
        content.adapter === 'sanity'
          ? createSanityContentSource(content)
          : createEmbeddedContentSource({ datasetPath: content.datasetPath }),
    };
  }
  if (!request) return source.source;
  return forRequest(source.source, request);
}

/** The answer a page gets when its content cannot be read at all. */
export function contentUnavailableResponse(): Response {
  return new Response('Content unavailable', { status: 503, headers: { 'Retry-After': '30' } });
}

/** The source as one request sees it: drafts when the request carries the preview cookie. */
function forRequest(base: ContentSource, request: Request): ContentSource {
  let preview: Promise<boolean> | undefined;
  return {
    kind: base.kind,
    async fetch<const Q extends string>(query: Q, params?: QueryParams, options?: FetchOptions) {
      if (isPreviewConfigured()) preview ??= isPreviewRequest(request);
      try {
        return await base.fetch(query, params, { ...options, preview: (await preview) ?? false });
      } catch (error) {
        if (error instanceof ContentUnavailableError) throw contentUnavailableResponse();
        throw error;
      }
    },
    invalidate: () => base.invalidate(),
    revision: () => base.revision(),
  };
}
