import { serializeJsonLd, type JsonLd } from '~/utils/json-ld';
import { cleanStega } from '~/utils/stega';

/**
 * Structured data for search engines, safely embedded (see serializeJsonLd), with clean strings
 * in draft mode too.
 */
export function JsonLdScript({ data }: { data: JsonLd | readonly JsonLd[] }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(cleanStega(data)) }}
    />
  );
}
