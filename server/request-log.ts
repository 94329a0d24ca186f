// One JSON line per request: request id, method, route (path without the query string, which may
// hold personal data), status and duration. The id is echoed in X-Request-Id for support.
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

/** A request id the client (or a proxy) sent, when it looks like one; a new one otherwise. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

/** Writes one JSON line to standard output. */
export function logLine(fields: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);
}

export function requestLog({ enabled }: { enabled: boolean }): RequestHandler {
  return (request, response, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(request.get('x-request-id'));
    response.set('X-Request-Id', requestId);
    response.on('finish', () => {
      if (!enabled) return;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logLine({
        level: response.statusCode >= 500 ? 'error' : 'info',
        msg: 'request',
        requestId,
        method: request.method,
        route: request.path,
        status: response.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
      });
    });
    next();
  };
}
