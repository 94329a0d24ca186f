// The baseline of the load section: a bare node:http server answering each file of STATIC_DIR
// from memory (GET /<file name>), with a Content-Type and nothing else. It is what the site's
// server could at best do with the same bytes. Started by bench/load.mjs on a free loopback port
// (PORT); it prints {"port": …} once it listens.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const dir = process.env.STATIC_DIR;
if (!dir) throw new Error('STATIC_DIR is not set.');

const files = new Map(
  readdirSync(dir).map((name) => [`/${name}`, readFileSync(path.join(dir, name))]),
);

const server = createServer((request, response) => {
  const body = files.get(request.url ?? '');
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': body.length,
  });
  response.end(body);
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
