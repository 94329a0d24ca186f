/**
 * The seed dataset (content/dataset.ndjson) must pass the Studio's own validation, exactly as an
 * editor publishing it would: the schema compiles without problems, and every document validates
 * with no error-level markers. Runs offline: the client custom validators get answers from groq-js
 * over the seed documents instead of from Sanity's servers.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Schema } from '@sanity/schema';
import { builtinTypes, groupProblems, validateSchema } from '@sanity/schema/_internal';
import type { SanityDocument } from '@sanity/types';
import { validateDocument, type ValidationClient } from '@sanity/validation';
import { evaluate, parse } from 'groq-js';
import { describe, expect, it } from 'vitest';
import { schemaTypes } from './schemaTypes';

const contentDir = fileURLToPath(new URL('../../content/', import.meta.url));
const datasetPath = path.join(contentDir, 'dataset.ndjson');

/** Compiles the schema the way the Studio does: our types on top of Sanity's built-in ones. */
function compileSchema() {
  const builtin = Schema.compile({ name: 'builtin', types: builtinTypes });
  return Schema.compile({ name: 'default', types: schemaTypes, parent: builtin });
}

/** Reads the dataset in Sanity's import format, one document per line. */
function readDataset(): SanityDocument[] {
  return readFileSync(datasetPath, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SanityDocument);
}

/**
 * Stores an import-form document as Sanity does after `sanity dataset import`: every
 * `_sanityAsset: "image@file://./images/x.svg"` becomes an `asset` reference to the uploaded file.
 * Throws when the referenced file is missing, which the import would also refuse.
 */
function asStored<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => asStored(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '_sanityAsset' && typeof child === 'string') {
      result.asset = { _type: 'reference', _ref: assetId(child) };
    } else {
      result[key] = asStored(child);
    }
  }
  return result as T;
}

function assetId(spec: string): string {
  const match = /^image@file:\/\/(.+)$/.exec(spec);
  if (!match?.[1]) throw new Error(`Unsupported _sanityAsset: ${spec}`);
  const file = path.join(contentDir, match[1]);
  if (!existsSync(file)) throw new Error(`_sanityAsset points at a missing file: ${spec}`);
  const bytes = readFileSync(file);
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(bytes.toString('utf8'));
  const size = viewBox ? `${viewBox[1]}x${viewBox[2]}` : '0x0';
  const hash = createHash('sha1').update(bytes).digest('hex');
  return `image-${hash}-${size}-${path.extname(file).slice(1)}`;
}

/**
 * A client for validators that query content (for example slug uniqueness): GROQ runs with
 * groq-js over the given documents. Validation never needs the rest of the client here.
 */
function createDatasetClient(documents: SanityDocument[]): ValidationClient {
  const fetch = async (query: string, params: Record<string, unknown> = {}) => {
    const result = await evaluate(parse(query, { params }), { dataset: documents, params });
    return result.get();
  };
  const unsupported = () => {
    throw new Error('The seed validation client only answers GROQ queries.');
  };
  const client = {
    fetch,
    getDataUrl: (operation: string, resource = '') => `/data/${operation}/seed/${resource}`,
    observable: { fetch: unsupported, request: unsupported },
    withConfig: () => client,
  };
  // The cast stands in for SanityClient's many overloads; validation only calls the members above.
  return client as unknown as ValidationClient;
}

async function validate(document: SanityDocument, dataset: SanityDocument[]) {
  const ids = new Set(dataset.map((doc) => doc._id));
  const result = await validateDocument({
    document,
    schema: compileSchema(),
    client: createDatasetClient(dataset),
    getDocumentExists: async ({ id }) => ids.has(id) || id.startsWith('image-'),
  });
  return result.markers.filter((marker) => marker.level === 'error');
}

/** Marker paths as readable strings, for assertions and failure messages. */
function describeMarkers(markers: Awaited<ReturnType<typeof validate>>) {
  return markers.map((marker) => {
    const at = marker.path
      .map((segment) => (typeof segment === 'object' ? JSON.stringify(segment) : String(segment)))
      .join('.');
    return `${at || '<document>'}: ${marker.message} (${marker.code})`;
  });
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
  const dataset = readDataset().map((document) => asStored(document));

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
