/**
 * For the seed tests: the seed dataset (content/dataset.ndjson) as written, and the paths of the
 * error-level markers the Studio's validation gives a document. Runs offline: validators that
 * query content (uniqueness) get answers from groq-js over the seed instead of Sanity's servers.
 */
import { readFileSync } from 'node:fs';
import { Schema } from '@sanity/schema';
import { builtinTypes } from '@sanity/schema/_internal';
import type { SanityDocument } from '@sanity/types';
import { validateDocument, type ValidationClient } from '@sanity/validation';
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

/** The sorted, distinct paths of the document's validation errors, with `dataset` as content. */
export async function errorPaths(document: Doc, dataset: Doc[]): Promise<string[]> {
  const builtin = Schema.compile({ name: 'builtin', types: builtinTypes });
  const schema = Schema.compile({ name: 'default', types: schemaTypes, parent: builtin });
  const client = {
    fetch: async (query: string, params: Record<string, unknown> = {}) =>
      (await evaluate(parse(query, { params }), { dataset, params })).get(),
    withConfig: () => client,
  } as unknown as ValidationClient;
  const result = await validateDocument({
    document,
    schema,
    client,
    getDocumentExists: async () => true,
  });
  const paths = result.markers
    .filter((marker) => marker.level === 'error')
    .map((marker) =>
      marker.path
        .map((segment) => (typeof segment === 'object' ? JSON.stringify(segment) : segment))
        .join('.'),
    );
  return [...new Set(paths)].sort();
}
