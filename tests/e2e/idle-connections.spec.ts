// A client that keeps its connection to the site open between requests (a load balancer, a
// browser, a partner's server) finds it still open after a pause of some seconds: the server does
// not close it under the client at the moment the next form post is sent (server/connections.ts).
// A browser test because it needs the production server the browser tests run on; no page is opened.
import http from 'node:http';
import { expect, test } from '@playwright/test';

function get(agent: http.Agent, url: string) {
  return new Promise<{ status: number; keepAlive: string; reusedSocket: boolean }>(
    (resolve, reject) => {
      const request = http.get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            keepAlive: String(response.headers['keep-alive'] ?? ''),
            reusedSocket: request.reusedSocket,
          }),
        );
      });
      request.on('error', reject);
    },
  );
}

test('a kept-alive connection is still open after seven idle seconds', async ({ baseURL }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent, `${baseURL}/robots.txt`);
    expect(first.status).toBe(200);
    // The server says how long it keeps the connection: longer than a load balancer's minute.
    expect(Number(first.keepAlive.match(/timeout=(\d+)/)?.[1])).toBeGreaterThan(60);

    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const second = await get(agent, `${baseURL}/robots.txt`);
    expect(second.status).toBe(200);
    expect(second.reusedSocket).toBe(true);
  } finally {
    agent.destroy();
  }
});
