// A local stand-in for Sanity's query API (GET and POST /v<date>/data/query/<dataset>), answering
// the site's real GROQ queries from the seed dataset with groq-js, so pages render as they would
// on Sanity. Faults are injected for real at the HTTP boundary: the stub can answer 500s, or hold
// requests until released (a slow Sanity), and counts what it was asked.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmbeddedContentSource } from '~/content/embedded-content-source.server';
import type { QueryParams } from '~/content/content-source.server';

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

export async function startSanityStub(datasetPath = 'content/dataset.ndjson'): Promise<SanityStub> {
  const content = createEmbeddedContentSource({ datasetPath });
  let received = 0;
  let answered = 0;
  let held: Array<() => void> = [];

  async function answer(request: IncomingMessage, response: ServerResponse, url: URL) {
    try {
      const { query, params } = await queryOf(request, url);
      const result = await content.fetch(query, params);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ query, result, ms: 1 }));
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
