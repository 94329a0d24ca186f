import { serializeJsonLd, type JsonLd } from '~/utils/json-ld';

/** Structured data for search engines, safely embedded (see serializeJsonLd). */
export function JsonLdScript({ data }: { data: JsonLd | readonly JsonLd[] }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
