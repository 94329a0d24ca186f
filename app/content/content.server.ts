// Picks the ContentSource adapter for this process from the configuration, once.
import { getConfig } from '~/utils/env.server';
import { isPreviewConfigured, isPreviewRequest } from '~/utils/preview.server';
import type { ContentSource, FetchOptions, QueryParams } from './content-source.server';
import { createEmbeddedContentSource } from './embedded-content-source.server';
import { createSanityContentSource } from './sanity-content-source.server';

let source: ContentSource | undefined;

/**
 * The content source. Loaders pass their request, so a member of staff in preview mode sees drafts
 * on every page; without a request (or without a preview cookie) it reads published content.
 */
export function getContentSource(request?: Request): ContentSource {
  if (!source) {
    const { content } = getConfig();
    source =
      content.adapter === 'sanity'
        ? createSanityContentSource(content)
        : createEmbeddedContentSource({ datasetPath: content.datasetPath });
  }
  if (!request || !isPreviewConfigured()) return source;
  return forRequest(source, request);
}

/** The source as one request sees it: drafts when the request carries the preview cookie. */
function forRequest(base: ContentSource, request: Request): ContentSource {
  let preview: Promise<boolean> | undefined;
  return {
    kind: base.kind,
    async fetch<const Q extends string>(query: Q, params?: QueryParams, options?: FetchOptions) {
      preview ??= isPreviewRequest(request);
      return base.fetch(query, params, { ...options, preview: await preview });
    },
    invalidate: () => base.invalidate(),
  };
}
