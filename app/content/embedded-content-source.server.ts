// ContentSource on the seed dataset shipped in the repository (content/dataset.ndjson, Sanity's
// import format), evaluated with groq-js: the same queries as on Sanity, no account and no network.
// The file is re-read when it changes, so an edit to the dataset shows on the next request (and
// its hash is the content's revision, which the page cache checks before answering).
// Results are kept per dataset revision (its hash) and query: content changes only with the file,
// so a quote or a page asks groq-js once per revision, not on every request. A kept result is
// shared by its callers and frozen.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { evaluate, parse, type ExprNode } from 'groq-js';
import type { ContentSource, QueryParams, QueryResult } from './content-source.server';
import { deepFreeze } from '~/utils/deep-freeze';

/** The URL prefix under which the server serves the dataset's images (see server/index.ts). */
export const EMBEDDED_ASSET_PREFIX = '/content/';

type SanityDocument = Record<string, unknown> & { _id: string; _type: string };

interface Loaded {
  mtimeMs: number;
  size: number;
  /** When the file was last stat-ed and read. */
  readAt: number;
  hash: string;
  documents: SanityDocument[];
  /** The results of this revision's queries, by query and parameters (oldest first). */
  results: Map<string, Promise<unknown>>;
}

/** At most this many results per revision: parameters (a slug from a URL) must not grow it. */
const MAX_CACHED_RESULTS = 500;

/**
 * File systems stamp mtimes from a coarse clock (ticks of milliseconds on many, seconds on some):
 * a write soon after a read can keep both mtime and size. While the copy read is that young its
 * bytes are compared too, as git does for "racily clean" index entries.
 */
const RACY_WINDOW_MS = 2_000;

export function createEmbeddedContentSource(options: { datasetPath: string }): ContentSource {
  const datasetPath = path.resolve(options.datasetPath);
  let loaded: Loaded | undefined;

  function dataset(): Loaded {
    const readAt = Date.now();
    const stat = statSync(datasetPath);
    const unchanged = loaded && loaded.mtimeMs === stat.mtimeMs && loaded.size === stat.size;
    if (loaded && unchanged && loaded.readAt - loaded.mtimeMs > RACY_WINDOW_MS) {
      return loaded;
    }
    const text = readFileSync(datasetPath, 'utf8');
    const hash = createHash('sha1').update(text).digest('hex');
    if (loaded?.hash !== hash) {
      loaded = {
        mtimeMs: stat.mtimeMs,
        size: stat.size,
        readAt,
        hash,
        // Sanity answers these queries from the published perspective: drafts and release
        // versions never show on the site, so they are not in the embedded one's view either.
        documents: parseDataset(text, datasetPath).filter((document) => isPublished(document._id)),
        results: new Map(),
      };
    } else {
      Object.assign(loaded, { mtimeMs: stat.mtimeMs, size: stat.size, readAt });
    }
    return loaded;
  }

  return {
    kind: 'embedded',
    async fetch<const Q extends string>(query: Q, params: QueryParams = {}) {
      const revision = dataset();
      const key = `${query}\u0000${JSON.stringify(params)}`;
      let result = revision.results.get(key);
      if (!result) {
        result = run(query, params, revision.documents).then(deepFreeze);
        revision.results.set(key, result);
        if (revision.results.size > MAX_CACHED_RESULTS) {
          revision.results.delete(revision.results.keys().next().value as string);
        }
        // A failed query is not kept: the next request asks again.
        result.catch(() => revision.results.delete(key));
      }
      return (await result) as QueryResult<Q>;
    },
    invalidate() {
      loaded = undefined;
    },
    revision() {
      return dataset().hash;
    },
  };
}

/** Evaluates one query on the dataset, as Sanity would answer it. */
async function run(query: string, params: QueryParams, documents: SanityDocument[]) {
  const tree = parse(query, { params });
  // Sanity rejects a query whose $param is not given; groq-js would quietly read it as null.
  for (const name of parameterNames(tree)) {
    if (!Object.hasOwn(params, name)) {
      throw new Error(`param $${name} referenced, but not provided`);
    }
  }
  const value = await evaluate(tree, { dataset: documents, params });
  return value.get();
}

/**
 * Reads an NDJSON export and turns each `_sanityAsset: "image@file://./images/x.svg"` (the form
 * `sanity dataset import` uploads) into a reference to a `sanity.imageAsset` document, as Sanity
 * itself would after import, so `asset->url` and `asset->metadata` work in both adapters.
 */
export function loadDataset(datasetPath: string): SanityDocument[] {
  return parseDataset(readFileSync(datasetPath, 'utf8'), datasetPath);
}

function parseDataset(text: string, datasetPath: string): SanityDocument[] {
  const baseDir = path.dirname(datasetPath);
  const documents: SanityDocument[] = [];
  const assets = new Map<string, SanityDocument>();
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let document: SanityDocument;
    try {
      document = JSON.parse(line) as SanityDocument;
    } catch (error) {
      throw new Error(`${datasetPath}:${index + 1} is not valid JSON`, { cause: error });
    }
    documents.push(resolveAssets(document, baseDir, assets) as SanityDocument);
  });
  return [...documents, ...assets.values()];
}

function resolveAssets(
  value: unknown,
  baseDir: string,
  assets: Map<string, SanityDocument>,
): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveAssets(item, baseDir, assets));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(record)) {
    if (key === '_sanityAsset' && typeof child === 'string') {
      result.asset = { _type: 'reference', _ref: registerAsset(child, baseDir, assets) };
    } else {
      result[key] = resolveAssets(child, baseDir, assets);
    }
  }
  return result;
}

function registerAsset(spec: string, baseDir: string, assets: Map<string, SanityDocument>): string {
  const match = /^(image|file)@file:\/\/(.+)$/.exec(spec);
  if (!match) throw new Error(`Unsupported _sanityAsset: ${spec}`);
  const relative = path.posix.normalize(match[2] as string).replace(/^\.\//, '');
  if (relative.startsWith('../') || path.posix.isAbsolute(relative)) {
    // Served under EMBEDDED_ASSET_PREFIX, so it has to live beside the dataset.
    throw new Error(`_sanityAsset must point inside ${baseDir}: ${spec}`);
  }
  const file = path.join(baseDir, relative);
  const bytes = readFileSync(file);
  const hash = createHash('sha1').update(bytes).digest('hex');
  const extension = path.extname(file).slice(1).toLowerCase();
  const dimensions = imageDimensions(bytes, extension);
  const id = dimensions
    ? `image-${hash}-${dimensions.width}x${dimensions.height}-${extension}`
    : `file-${hash}-${extension}`;
  if (!assets.has(id)) {
    assets.set(id, {
      _id: id,
      _type: match[1] === 'image' ? 'sanity.imageAsset' : 'sanity.fileAsset',
      url: `${EMBEDDED_ASSET_PREFIX}${relative}?v=${hash.slice(0, 12)}`,
      originalFilename: path.basename(file),
      extension,
      mimeType: mimeTypes[extension] ?? 'application/octet-stream',
      size: bytes.length,
      ...(dimensions
        ? {
            metadata: {
              _type: 'sanity.imageMetadata',
              dimensions: {
                _type: 'sanity.imageDimensions',
                width: dimensions.width,
                height: dimensions.height,
                aspectRatio: dimensions.width / dimensions.height,
              },
            },
          }
        : {}),
    });
  }
  return id;
}

const mimeTypes: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function imageDimensions(
  bytes: Buffer,
  extension: string,
): { width: number; height: number } | undefined {
  let width = NaN;
  let height = NaN;
  if (extension === 'svg') {
    // The viewBox of the root element, whichever quotes it uses and wherever in the tag it is.
    const root = /<svg\b[^>]*>/i.exec(bytes.toString('utf8'))?.[0] ?? '';
    const viewBox = /\sviewBox\s*=\s*(["'])(.*?)\1/.exec(root)?.[2];
    const numbers =
      viewBox
        ?.trim()
        .split(/[\s,]+/)
        .map(Number) ?? [];
    if (numbers.length === 4) [width, height] = [Math.round(numbers[2]!), Math.round(numbers[3]!)];
  } else if (
    extension === 'png' &&
    bytes.length >= 24 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE)
  ) {
    [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  }
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** The documents the published perspective shows: not drafts, not versions in a release. */
function isPublished(id: string): boolean {
  return !id.startsWith('drafts.') && !id.startsWith('versions.');
}

/** The names of every $param a parsed query refers to. */
function parameterNames(tree: ExprNode): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      // A custom function's $arguments are its own, not the query's.
      if (record.type === 'FuncDeclaration') return;
      if (record.type === 'Parameter' && typeof record.name === 'string') names.add(record.name);
      Object.values(record).forEach(visit);
    }
  };
  visit(tree);
  return names;
}
