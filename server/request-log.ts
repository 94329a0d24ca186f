// Every request runs inside its request context (app/utils/request-context.server.ts), so each log
// line it causes carries its id, which is echoed in X-Request-Id for support. With LOG_REQUESTS on,
// one line per request: id, method, route (the path without the query string, which may hold
// personal data), status and duration.
import type { RequestHandler, Response } from 'express';
import { log } from '../app/utils/log.server.ts';
import { requestIdOf, runForRequest } from '../app/utils/request-context.server.ts';

export function requestLog({ enabled }: { enabled: boolean }): RequestHandler {
  return (request, response, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(request.get('x-request-id'));
    response.set('X-Request-Id', requestId);
    response.locals.requestId = requestId;
    response.on('finish', () => {
      if (!enabled) return;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        requestId,
        method: request.method,
        route: request.path,
        status: response.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
      };
      if (response.statusCode >= 500) log.error('request', line);
      else log.info('request', line);
    });
    runForRequest(requestId, next);
  };
}

/** The id requestLog gave the request this response answers (a new one if it did not run). */
export function requestIdOfResponse(response: Response): string {
  const id: unknown = response.locals.requestId;
  return typeof id === 'string' ? id : requestIdOf(undefined);
}
