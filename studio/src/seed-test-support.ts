/**
 * For the seed tests: the seed dataset (content/dataset.ndjson) as written, and the paths of the
 * error-level markers the Studio's validation gives a document. Runs offline: validators that
 * query content (uniqueness) get answers from groq-js over the seed instead of Sanity's servers.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Schema } from '@sanity/schema';
import { builtinTypes } from '@sanity/schema/_internal';
import type { SanityDocument, ValidationMarker } from '@sanity/types';
import { validateDocumentWithWorkspace } from '@sanity/validation';
import { evaluate, parse } from 'groq-js';
import { schemaTypes } from './schemaTypes';

export type Doc = SanityDocument & Record<string, unknown>;

/** Every document of the seed, one per line of the file. */
export function readSeed(): Doc[] {
  return readFileSync(new URL('../../content/dataset.ndjson', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Doc);
}

/** The seed document with this id, a copy to change freely. */
export function seedDocument(dataset: Doc[], id: string): Doc {
  const document = dataset.find((candidate) => candidate._id === id);
  if (!document) throw new Error(`content/dataset.ndjson has no ${id}`);
  return structuredClone(document);
}

const contentDir = fileURLToPath(new URL('../../content/', import.meta.url));

/**
 * Stores an import-form document as Sanity does after `sanity dataset import`: every
 * `_sanityAsset: "image@file://./images/x.svg"` becomes an `asset` reference to the uploaded file.
 * Throws when the referenced file is missing, which the import would also refuse.
 */
export function asStored<T>(value: T): T {
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
 * The error markers the Studio shows for a document, with `dataset` as the content its validators
 * query. Validated as the Studio validates (environment "studio"): Sanity's offline validation
 * (`validateDocument`, environment "cli") adds its unknown-field check to every object-level rule
 * and so reports their errors (documents, slugs, an image without its upload) as warnings.
 */
export async function studioErrorMarkers(
  document: SanityDocument,
  dataset: SanityDocument[],
  documentExists: (reference: { id: string }) => boolean = () => true,
): Promise<ValidationMarker[]> {
  const builtin = Schema.compile({ name: 'builtin', types: builtinTypes });
  const schema = Schema.compile({ name: 'default', types: schemaTypes, parent: builtin });
  const client = {
    fetch: async (query: string, params: Record<string, unknown> = {}) =>
      (await evaluate(parse(query, { params }), { dataset, params })).get(),
    withConfig: () => client,
  };
  const markers = await validateDocumentWithWorkspace({
    document,
    environment: 'studio',
    workspace: {
      schema,
      // The cast stands in for SanityClient's many members; validation only calls these two.
      getClient: () => client as never,
      i18n: {
        currentLocale: { id: 'en-US' },
        loadNamespaces: async () => undefined,
        t: ((key: string) => key) as never,
      },
    },
    getDocumentExists: async (reference) => documentExists(reference),
  });
  return markers.filter((marker) => marker.level === 'error');
}

/** The readable path of a marker: its segments joined by dots, array keys as JSON. */
export function markerPath(marker: ValidationMarker): string {
  return marker.path
    .map((segment) => (typeof segment === 'object' ? JSON.stringify(segment) : segment))
    .join('.');
}

/**
 * The sorted, distinct paths of the errors of a document in the seed's import form (its pictures
 * stored as uploads), with `dataset` as content.
 */
export async function errorPaths(document: Doc, dataset: Doc[]): Promise<string[]> {
  const markers = await studioErrorMarkers(asStored(document), dataset);
  return [...new Set(markers.map(markerPath))].sort();
}
