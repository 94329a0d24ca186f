// A local stand-in for Sanity's query API (GET and POST /v<date>/data/query/<dataset>), answering
// the site's real GROQ queries from the seed dataset with groq-js, so pages render as they would
// on Sanity. Faults are injected for real at the HTTP boundary: the stub can answer 500s, or hold
// requests until released (a slow Sanity), and counts what it was asked.
//
// Published content by default; with `perspective=drafts` (draft mode) a document's draft stands
// in for it, and `perspective=raw` sees every document as stored (the preview URL secret is a
// draft). A query asking for `resultSourceMap` gets a content source map, as Sanity's API gives
// one, so the client's stega encoding works: each string of the result is mapped to the first
// document and field holding that same text (enough to encode and to edit; Sanity maps exactly).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { evaluate, parse } from 'groq-js';
import { createEmbeddedContentSource, loadDataset } from '~/content/embedded-content-source.server';
import type { QueryParams } from '~/content/content-source.server';

type Document = Record<string, unknown> & { _id: string; _type: string };
type PathSegment = string | number | { _key: string };

export type SanityStubMode = 'ok' | 'failing' | 'slow';

export interface SanityStub {
  /** http://127.0.0.1:<port>, for SANITY_API_HOST. */
  url: string;
  mode: SanityStubMode;
  /** Queries received, and how many were answered (a slow stub answers on release). */
  readonly received: number;
  readonly answered: number;
  /** Answers every request held while slow, with the content, and goes back to `ok`. */
  release(): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

async function queryOf(request: IncomingMessage, url: URL) {
  if (request.method === 'POST') {
    const body = JSON.parse(await readBody(request)) as { query: string; params?: QueryParams };
    return { query: body.query, params: body.params ?? {} };
  }
  const params: QueryParams = {};
  for (const [name, value] of url.searchParams) {
    if (name.startsWith('$')) params[name.slice(1)] = JSON.parse(value) as QueryParams[string];
  }
  return { query: url.searchParams.get('query') ?? '', params };
}

/** The documents a perspective sees: drafts in place of what they edit, or everything as stored. */
export function perspectiveView(documents: Document[], perspective: string): Document[] {
  if (perspective === 'raw') return documents;
  const drafts = new Map(
    documents
      .filter((document) => document._id.startsWith('drafts.'))
      .map((draft) => [draft._id.slice('drafts.'.length), draft]),
  );
  const view = documents.flatMap((document) => {
    if (document._id.startsWith('drafts.') || document._id.startsWith('versions.')) return [];
    const draft = drafts.get(document._id);
    return [draft ? { ...draft, _id: document._id, _originalId: draft._id } : document];
  });
  const published = new Set(view.map((document) => document._id));
  for (const [id, draft] of drafts) {
    if (!published.has(id)) view.push({ ...draft, _id: id, _originalId: draft._id });
  }
  return view;
}

const jsonPathSegment = (segment: PathSegment) =>
  typeof segment === 'string'
    ? `['${segment.replace(/['\\]/g, (match) => `\\${match}`)}']`
    : typeof segment === 'number'
      ? `[${segment}]`
      : `[?(@._key=='${segment._key}')]`;

/** Every string of the documents, by its text: every place it appears (document and path). */
function stringIndex(documents: Document[]) {
  const index = new Map<string, { document: number; path: PathSegment[] }[]>();
  const visit = (value: unknown, document: number, path: PathSegment[]) => {
    if (typeof value === 'string') {
      const places = index.get(value) ?? [];
      places.push({ document, path });
      index.set(value, places);
    } else if (Array.isArray(value)) {
      value.forEach((item, position) => {
        const key = (item as { _key?: unknown } | null)?._key;
        visit(item, document, [...path, typeof key === 'string' ? { _key: key } : position]);
      });
    } else if (value !== null && typeof value === 'object') {
      for (const [name, child] of Object.entries(value)) {
        if (!name.startsWith('_')) visit(child, document, [...path, name]);
      }
    }
  };
  documents.forEach((document, position) => visit(document, position, []));
  return index;
}

/** A content source map of the result, as Sanity's API returns with `resultSourceMap`. */
export function contentSourceMap(result: unknown, documents: Document[]) {
  const index = stringIndex(documents);
  const used = new Map<number, number>();
  const paths: string[] = [];
  const mappings: Record<string, unknown> = {};
  const positions = new Map(documents.map((document, position) => [document._id, position]));
  // A string is traced to the document the result was read from (the nearest object with an
  // _id) when it appears there, else to where it first appears: the same words on another page
  // must not send the editor to that page.
  const visit = (value: unknown, resultPath: (string | number)[], within?: number) => {
    if (typeof value === 'string') {
      const places = index.get(value);
      const source = places?.find((place) => place.document === within) ?? places?.[0];
      if (!source) return;
      if (!used.has(source.document)) used.set(source.document, used.size);
      paths.push(`$${source.path.map(jsonPathSegment).join('')}`);
      mappings[`$${resultPath.map(jsonPathSegment).join('')}`] = {
        type: 'value',
        source: {
          type: 'documentValue',
          document: used.get(source.document),
          path: paths.length - 1,
        },
      };
    } else if (Array.isArray(value)) {
      value.forEach((item, position) => visit(item, [...resultPath, position], within));
    } else if (value !== null && typeof value === 'object') {
      const id = (value as { _id?: unknown })._id;
      const from = (typeof id === 'string' ? positions.get(id) : undefined) ?? within;
      for (const [name, child] of Object.entries(value)) visit(child, [...resultPath, name], from);
    }
  };
  visit(result, []);
  const sourceDocuments = [...used.keys()].map((position) => {
    const { _id, _type } = documents[position] as Document;
    return { _id: (documents[position] as Document)._originalId ?? _id, _type };
  });
  return { documents: sourceDocuments, paths, mappings };
}

export async function startSanityStub(datasetPath = 'content/dataset.ndjson'): Promise<SanityStub> {
  const content = createEmbeddedContentSource({ datasetPath });
  let received = 0;
  let answered = 0;
  let held: Array<() => void> = [];

  async function run(query: string, params: QueryParams, url: URL) {
    const perspective = url.searchParams.get('perspective') ?? 'published';
    const wantsSourceMap = url.searchParams.has('resultSourceMap');
    if (perspective === 'published' && !wantsSourceMap) {
      return { result: await content.fetch(query, params) };
    }
    // The file as it is now (the Studio may just have written a draft to it), drafts included.
    const view = perspectiveView(loadDataset(datasetPath) as Document[], perspective);
    const result = await (
      await evaluate(parse(query, { params }), { dataset: view, params })
    ).get();
    return wantsSourceMap
      ? { result, resultSourceMap: contentSourceMap(result, view) }
      : { result };
  }

  async function answer(request: IncomingMessage, response: ServerResponse, url: URL) {
    try {
      const { query, params } = await queryOf(request, url);
      const body = await run(query, params, url);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ query, ...body, ms: 1 }));
    } catch (error) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { description: String(error) } }));
    }
    answered += 1;
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    if (!/^\/v[\w-]+\/data\/query\//.test(url.pathname)) {
      response.writeHead(404).end();
      return;
    }
    received += 1;
    if (stub.mode === 'failing') {
      answered += 1;
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { description: 'Internal Server Error' } }));
      return;
    }
    if (stub.mode === 'slow') {
      held.push(() => void answer(request, response, url));
      return;
    }
    void answer(request, response, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const stub: SanityStub = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mode: 'ok',
    get received() {
      return received;
    },
    get answered() {
      return answered;
    },
    release() {
      stub.mode = 'ok';
      const waiting = held;
      held = [];
      for (const go of waiting) go();
    },
    async close() {
      stub.release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stub;
}
