// How long the server keeps an idle connection open. Node closes a kept-alive connection after five
// idle seconds; a client (a load balancer, a browser, a test's request context) that sends its next
// request on that connection at the moment it closes gets a reset instead of an answer, and a form
// post is lost. A load balancer in front of the site keeps its connections for up to 60 seconds,
// so the server keeps them longer than that: the client, not the server, ends an idle connection.
import type { Server } from 'node:http';

/** How long (ms) a kept-alive connection may idle: longer than a load balancer's 60 seconds. */
export const KEEP_ALIVE_MS = 65_000;

export function keepIdleConnections(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request's headers may take as long as the connection may idle, and a little more: Node
  // requires headersTimeout to be the larger, or a slow first request is cut off early.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
