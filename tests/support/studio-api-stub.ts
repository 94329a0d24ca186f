// A local stand-in for the Sanity APIs the built Studio (studio/dist) talks to, so the Studio can be
// opened in a browser with no account and no network: the signed-in user, the project, its
// grants, GROQ queries (groq-js over a copy of the seed dataset, drafts included, as the Studio's
// raw perspective sees them), documents by id, the listener (held open), mutations (applied to the
// documents in memory) and the image CDN (the dataset's images). Everything else the Studio asks
// (announcements, usage limits, version checks) is answered empty.
//
// The Studio calls https://<project>.api.sanity.io and https://cdn.sanity.io: the browser is
// pointed at this stub with Chromium's --host-resolver-rules (`browserArgs`) and told to accept
// its self-signed certificate (made with openssl for the run). The Studio's own files are served
// over http from studio/dist (`studioUrl`). The same API is served over plain http too
// (`apiUrl`), for the site's server (SANITY_API_HOST), so the site reads what the Studio writes:
// its drafts and the preview secret of its Presentation tool. Queries honour `perspective`
// (published, drafts, raw) and give a content source map when asked, as the site's stub does
// (tests/support/sanity-stub.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { evaluate, parse } from 'groq-js';
import { loadDataset } from '~/content/embedded-content-source.server';
import { contentSourceMap, perspectiveView } from './sanity-stub';

type Document = Record<string, unknown> & { _id: string; _type: string };

export interface StudioApiStub {
  /** Where the Studio is served: http://127.0.0.1:<port>. */
  studioUrl: string;
  /** The API over http, for the site's SANITY_API_HOST. */
  apiUrl: string;
  /**
   * Chromium arguments that send the Studio's API and CDN requests to this stub, with more host
   * rules if given (Chromium reads one list), such as the site Presentation frames.
   */
  browserArgs(moreHostRules?: string[]): string[];
  /** The documents as the Studio has left them (published, drafts, made by the Studio). */
  documents(): Document[];
  close(): Promise<void>;
}

const STUDIO_DIST = path.resolve('studio/dist');

/** Why the Studio cannot be shown here, or null when it can. */
export function studioUnavailableReason(): string | null {
  if (!existsSync(path.join(STUDIO_DIST, 'index.html'))) {
    return 'studio/dist is missing: run `SANITY_STUDIO_PROJECT_ID=bcchauffeur npm run build:studio` first';
  }
  // A Studio built without a project opens on the page saying what to set, not on the documents.
  const staticDir = path.join(STUDIO_DIST, 'static');
  const built = (existsSync(staticDir) ? readdirSync(staticDir, { recursive: true }) : [])
    .map(String)
    .filter((name) => name.endsWith('.js'));
  const forTheStub = built.some((name) =>
    /["'`]bcchauffeur["'`]/.test(readFileSync(path.join(STUDIO_DIST, 'static', name), 'utf8')),
  );
  if (!forTheStub) {
    return 'studio/dist was built without a project: run `SANITY_STUDIO_PROJECT_ID=bcchauffeur npm run build:studio`';
  }
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    return 'openssl is not installed; the Studio API stub makes its certificate with it';
  }
  return null;
}

const EDITOR = {
  id: 'pEditor',
  name: 'Marketing Editor',
  email: 'marketing@businesschauffeur.example',
  role: 'administrator',
  roles: [{ name: 'administrator', title: 'Administrator' }],
  provider: 'sanity',
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-stub-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=api.sanity.io',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem')),
      cert: readFileSync(path.join(dir, 'cert.pem')),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Request = Http2ServerRequest;
type Response = Http2ServerResponse;

function readBody(request: Request): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** GROQ the Studio sends that groq-js does not run: its list search, with no search typed. */
function runnable(query: string): string {
  return query.replace(/\[@, _id\] match text::query\(\$__query\)/g, 'true');
}

export async function startStudioApiStub(datasetPath: string): Promise<StudioApiStub> {
  // Every document as the Content Lake stores it, with its revision and times: published a day
  // ago, unless the dataset says when.
  const loadedAt = new Date(Date.now() - 86_400_000).toISOString();
  const documents = new Map<string, Document>(
    loadDataset(datasetPath).map((document) => [
      document._id,
      { _createdAt: loadedAt, _updatedAt: loadedAt, _rev: 'seed', ...document } as Document,
    ]),
  );
  // The image CDN's file names are the assets' hashes: <hash>-<w>x<h>.<ext>.
  const imageFiles = new Map<string, string>();
  for (const document of documents.values()) {
    const match = /^image-([0-9a-f]+)-/.exec(document._id);
    const url = typeof document.url === 'string' ? document.url : '';
    if (match && url.startsWith('/content/')) {
      const relative = url.slice('/content/'.length).replace(/\?.*$/, '');
      imageFiles.set(match[1] as string, path.join(path.dirname(datasetPath), relative));
    }
  }
  const listeners = new Set<Response>();

  async function query(groq: string, params: Record<string, unknown>, url: URL) {
    const view = perspectiveView(
      [...documents.values()],
      url.searchParams.get('perspective') ?? 'raw',
    );
    try {
      const tree = parse(runnable(groq), { params });
      const result = await (await evaluate(tree, { dataset: view, params })).get();
      return url.searchParams.has('resultSourceMap')
        ? { result, resultSourceMap: contentSourceMap(result, view) }
        : { result };
    } catch {
      // A query of a Studio feature this stub does not serve (releases, tasks …): nothing found.
      return { result: [] };
    }
  }

  function mutate(mutations: Record<string, unknown>[]) {
    const results: { id: string; operation: string }[] = [];
    for (const mutation of mutations) {
      const [operation, value] = Object.entries(mutation)[0] ?? [];
      const body = value as Document & { id?: string; set?: Record<string, unknown> };
      switch (operation) {
        case 'create':
        case 'createOrReplace':
        case 'createIfNotExists':
          if (operation === 'createIfNotExists' && documents.has(body._id)) break;
          documents.set(body._id, {
            ...body,
            _createdAt: body._createdAt ?? new Date().toISOString(),
            _updatedAt: new Date().toISOString(),
            _rev: `rev-${Date.now()}`,
          });
          results.push({ id: body._id, operation: 'create' });
          break;
        case 'delete':
          documents.delete(body.id as string);
          results.push({ id: body.id as string, operation: 'delete' });
          break;
        case 'patch': {
          const document = documents.get(body.id as string);
          if (document) {
            // Top-level `set` only: enough for the Studio's edits a test or a picture needs.
            for (const [key, field] of Object.entries(body.set ?? {})) {
              if (!key.includes('.') && !key.includes('[')) document[key] = field;
            }
            document._updatedAt = new Date().toISOString();
            results.push({ id: document._id, operation: 'update' });
          }
          break;
        }
      }
    }
    return results;
  }

  function json(response: Response, status: number, body: unknown) {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  async function api(request: Request, response: Response) {
    const url = new URL(request.url ?? '/', 'https://api.sanity.io');
    const route = url.pathname.replace(/^\/v[\w-]+/, '');
    if (request.headers.origin) {
      response.setHeader('Access-Control-Allow-Origin', request.headers.origin);
      response.setHeader('Access-Control-Allow-Credentials', 'true');
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '*',
      });
      response.end();
      return;
    }
    if (url.pathname.endsWith('.js')) {
      // The script of Sanity's dashboard (bridge.js): without it the Studio runs on its own.
      response.writeHead(404);
      response.end();
      return;
    }
    const image = /^\/images\/[^/]+\/[^/]+\/([0-9a-f]+)-\d+x\d+\.(\w+)$/.exec(url.pathname);
    if (image) {
      const file = imageFiles.get(image[1] as string);
      if (!file) return json(response, 404, {});
      response.writeHead(200, {
        'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      });
      response.end(readFileSync(file));
      return;
    }
    if (route.startsWith('/data/listen/')) {
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      response.write(`event: welcome\ndata: ${JSON.stringify({ listenerName: 'stub' })}\n\n`);
      listeners.add(response);
      request.on('close', () => listeners.delete(response));
      return;
    }
    if (route.startsWith('/data/query/')) {
      const { query: groq, params } =
        request.method === 'POST'
          ? (JSON.parse(await readBody(request)) as { query: string; params?: object })
          : {
              query: url.searchParams.get('query') ?? '',
              params: Object.fromEntries(
                [...url.searchParams]
                  .filter(([name]) => name.startsWith('$'))
                  .map(([name, value]) => [name.slice(1), JSON.parse(value) as unknown]),
              ),
            };
      return json(response, 200, {
        query: groq,
        ...(await query(groq, (params ?? {}) as Record<string, unknown>, url)),
        ms: 1,
      });
    }
    if (route.startsWith('/data/doc/')) {
      const ids = decodeURIComponent(route.split('/').pop() ?? '').split(',');
      return json(response, 200, {
        documents: ids.flatMap((id) => (documents.has(id) ? [documents.get(id)] : [])),
        omitted: ids.filter((id) => !documents.has(id)).map((id) => ({ id, reason: 'existence' })),
      });
    }
    if (route.startsWith('/data/mutate/')) {
      const { mutations } = JSON.parse(await readBody(request)) as {
        mutations: Record<string, unknown>[];
      };
      return json(response, 200, {
        transactionId: `tx-${Date.now()}`,
        results: mutate(mutations),
      });
    }
    if (route.startsWith('/data/history/') && route.includes('/transactions/')) {
      // No history: an empty list of transactions (NDJSON).
      response.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      response.end();
      return;
    }
    if (route.startsWith('/data/history/')) return json(response, 200, { events: {} });
    if (route === '/users/me') return json(response, 200, EDITOR);
    if (route.startsWith('/users/me/keyvalue')) return json(response, 200, []);
    if (route.startsWith('/users/')) return json(response, 200, [EDITOR]);
    if (route.endsWith('/acl')) {
      return json(response, 200, [
        {
          filter: '_id in path("**")',
          permissions: ['read', 'create', 'update', 'history', 'editHistory'],
        },
      ]);
    }
    if (route.endsWith('/grants')) return json(response, 200, {});
    if (route.endsWith('/user-applications')) return json(response, 200, []);
    if (route.endsWith('/datasets')) return json(response, 200, [{ name: 'production' }]);
    if (/^\/projects\/[^/]+$/.test(route)) {
      return json(response, 200, {
        id: route.split('/')[2],
        displayName: 'Business Chauffeur',
        members: [{ id: EDITOR.id, role: 'administrator' }],
        metadata: {},
      });
    }
    if (route === '/features' || route.startsWith('/schedules/')) return json(response, 200, []);
    return json(response, 200, {});
  }

  // HTTP/2, as Sanity's API: the Studio holds several listeners open, more than the six
  // connections a browser opens to one host over HTTP/1.1.
  const apiServer = createSecureServer(
    { ...selfSignedCertificate(), allowHTTP1: true },
    (request, response) => {
      api(request, response).catch((error: unknown) =>
        json(response, 500, { error: String(error) }),
      );
    },
  );
  // The same API over plain http for the site's server, which reads what the Studio wrote.
  const plainApiServer = createHttpServer((request, response) => {
    const [req, res] = [request as unknown as Request, response as unknown as Response];
    api(req, res).catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  const studioServer = createHttpServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://studio').pathname);
    let file = path.join(STUDIO_DIST, pathname);
    // The Studio routes in the browser: any path that is not a file is its index.html.
    if (!file.startsWith(STUDIO_DIST) || !existsSync(file) || statSync(file).isDirectory()) {
      file = path.join(STUDIO_DIST, 'index.html');
    }
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    response.end(readFileSync(file));
  });
  await Promise.all(
    [apiServer, plainApiServer, studioServer].map(
      (server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    ),
  );
  const sockets = new Set<Socket>();
  apiServer.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const apiPort = (apiServer.address() as AddressInfo).port;
  const hosts = ['*.sanity.io', 'sanity.io', '*.sanity-cdn.com', 'sanity-cdn.com'];

  return {
    studioUrl: `http://127.0.0.1:${(studioServer.address() as AddressInfo).port}`,
    apiUrl: `http://127.0.0.1:${(plainApiServer.address() as AddressInfo).port}`,
    browserArgs: (moreHostRules = []) => [
      `--host-resolver-rules=${[
        ...hosts.map((host) => `MAP ${host} 127.0.0.1:${apiPort}`),
        ...moreHostRules,
      ].join(', ')}`,
      '--ignore-certificate-errors',
    ],
    documents: () => [...documents.values()],
    async close() {
      for (const listener of listeners) listener.end();
      for (const socket of sockets) socket.destroy();
      studioServer.closeAllConnections();
      plainApiServer.closeAllConnections();
      await Promise.all(
        [apiServer, plainApiServer, studioServer].map(
          (server) => new Promise<void>((resolve) => server.close(() => resolve())),
        ),
      );
    },
  };
}
