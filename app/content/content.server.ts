// Picks the ContentSource adapter for this process from the configuration, once.
import { getConfig } from '~/utils/env.server';
import type { ContentSource } from './content-source.server';
import { createEmbeddedContentSource } from './embedded-content-source.server';
import { createSanityContentSource } from './sanity-content-source.server';

let source: ContentSource | undefined;

export function getContentSource(): ContentSource {
  if (!source) {
    const { content } = getConfig();
    source =
      content.adapter === 'sanity'
        ? createSanityContentSource(content)
        : createEmbeddedContentSource({ datasetPath: content.datasetPath });
  }
  return source;
}
