/**
 * The seed dataset (content/dataset.ndjson) must pass the Studio's own validation, exactly as an
 * editor publishing it would: the schema compiles without problems, and every document validates
 * with no error-level markers. Runs offline: the client custom validators get answers from groq-js
 * over the seed documents instead of from Sanity's servers.
 */
import { Schema } from '@sanity/schema';
import { builtinTypes, groupProblems, validateSchema } from '@sanity/schema/_internal';
import type { SanityDocument } from '@sanity/types';
import { describe, expect, it } from 'vitest';
import { schemaTypes } from './schemaTypes';
import { asStored, markerPath, readSeed, studioErrorMarkers } from './seed-test-support';

/** Compiles the schema the way the Studio does: our types on top of Sanity's built-in ones. */
function compileSchema() {
  const builtin = Schema.compile({ name: 'builtin', types: builtinTypes });
  return Schema.compile({ name: 'default', types: schemaTypes, parent: builtin });
}

/** The document's error markers as the Studio gives them; references must point into `dataset`. */
async function validate(document: SanityDocument, dataset: SanityDocument[]) {
  const ids = new Set(dataset.map((doc) => doc._id));
  return studioErrorMarkers(document, dataset, ({ id }) => ids.has(id) || id.startsWith('image-'));
}

/** Marker paths as readable strings, for assertions and failure messages. */
function describeMarkers(markers: Awaited<ReturnType<typeof validate>>) {
  return markers.map(
    (marker) => `${markerPath(marker) || '<document>'}: ${marker.message} (${marker.code})`,
  );
}

function siteSettings(dataset: SanityDocument[]): SanityDocument {
  const document = dataset.find((doc) => doc._id === 'siteSettings');
  if (!document) throw new Error('content/dataset.ndjson has no siteSettings document');
  return structuredClone(document);
}

describe('Studio schema', () => {
  it('compiles without schema problems', () => {
    const problems = groupProblems(validateSchema(schemaTypes).getTypes())
      .flatMap((group) => group.problems)
      .filter((problem) => problem.severity === 'error');
    expect(problems).toEqual([]);
    for (const type of ['siteSettings', 'pricing', 'extra', 'promoCode']) {
      expect(compileSchema().get(type)).toBeDefined();
    }
  });
});

describe('seed dataset', () => {
  const dataset = readSeed().map((document) => asStored(document));

  it('holds the siteSettings and pricing singletons under their fixed ids', () => {
    expect(siteSettings(dataset)._type).toBe('siteSettings');
    expect(dataset.find((doc) => doc._id === 'pricing')?._type).toBe('pricing');
  });

  it('holds the extras and promo codes under ids made of their keys and codes', () => {
    const ids = (type: string, field: string) =>
      dataset
        .filter((doc) => doc._type === type)
        .map((doc) => [doc._id, `${type}.${String(doc[field])}`]);
    for (const [id, expected] of [...ids('extra', 'key'), ...ids('promoCode', 'code')]) {
      expect(id).toBe(expected);
    }
    expect(dataset.filter((doc) => doc._type === 'extra')).toHaveLength(2);
  });

  it.each(dataset.map((document) => [`${document._type} ${document._id}`, document] as const))(
    '%s has no validation errors',
    async (_name, document) => {
      const errors = await validate(document, dataset);
      expect(describeMarkers(errors)).toEqual([]);
    },
  );

  it('fails when a required field is removed (siteSettings.phone)', async () => {
    const { phone: _phone, ...withoutPhone } = siteSettings(dataset);
    const errors = await validate(withoutPhone as SanityDocument, dataset);
    expect(errors.map((marker) => [marker.path.join('.'), marker.code])).toEqual([
      ['phone', 'value.required'],
    ]);
  });

  it('fails when the hero image has no alternative text', async () => {
    const document = siteSettings(dataset) as SanityDocument & {
      hero: { image: { alt?: string } };
    };
    delete document.hero.image.alt;
    const errors = await validate(document, dataset);
    expect(errors.map((marker) => marker.path.join('.'))).toEqual(['hero.image.alt']);
  });

  it('fails when a social platform is listed twice (custom validator)', async () => {
    const document = siteSettings(dataset) as SanityDocument & {
      socialLinks: { _key: string; platform: string; url: string }[];
    };
    const first = document.socialLinks[0];
    if (!first) throw new Error('the seed has no social links');
    document.socialLinks.push({ ...first, _key: 'duplicate' });
    const errors = await validate(document, dataset);
    expect(describeMarkers(errors)).toEqual([
      expect.stringContaining('Each platform can appear only once.'),
    ]);
  });
});
