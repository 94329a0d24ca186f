// /readyz through the real Remix request handler: ready when the store (a read and a rate-limited
// write probe) and the content answer, 503 naming the failing check when either does not.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as ContentModule from '~/content/content.server';
import { StoreUnavailableError } from '~/store/store-errors.server';
import type * as StoreModule from '~/store/store.server';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const env = useTestEnvironment();
let app: RemixApp;

beforeAll(async () => {
  app = await startRemixApp();
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

describe('/readyz', () => {
  it('answers 200 when the store and the content are reachable', async () => {
    const response = await app.request('/readyz');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({
      status: 'ready',
      checks: { store: 'ok', content: 'ok' },
    });
  });

  it('answers 503 when the store fails', async () => {
    const { getBookingStore } = await app.load<typeof StoreModule>('/app/store/store.server.ts');
    const ping = vi.spyOn(getBookingStore(), 'ping').mockRejectedValue(new Error('disk I/O error'));
    try {
      const response = await app.request('/readyz');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'unavailable',
        checks: { store: 'failing', content: 'ok' },
      });
    } finally {
      ping.mockRestore();
    }
  });

  it('answers 503 when the store answers reads but refuses writes (a full disk), probing at most every 10 s', async () => {
    const { getBookingStore } = await app.load<typeof StoreModule>('/app/store/store.server.ts');
    const store = getBookingStore();
    // The probe's last result (from the tests above) is reused for 10 seconds: move past it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11_000);
    const probeWrite = vi
      .spyOn(store, 'probeWrite')
      .mockRejectedValue(new StoreUnavailableError('database or disk is full'));
    try {
      for (let poll = 0; poll < 3; poll += 1) {
        const response = await app.request('/readyz');
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({
          status: 'unavailable',
          checks: { store: 'failing', content: 'ok' },
        });
      }
      // Three polls within the interval cost one write.
      expect(probeWrite).toHaveBeenCalledTimes(1);
      probeWrite.mockRestore();
      vi.setSystemTime(Date.now() + 11_000);
      const recovered = await app.request('/readyz');
      expect(recovered.status).toBe(200);
    } finally {
      probeWrite.mockRestore();
      vi.useRealTimers();
    }
  });

  it('answers 503 when the content cannot be read', async () => {
    const { getContentSource } = await app.load<typeof ContentModule>(
      '/app/content/content.server.ts',
    );
    const fetch = vi
      .spyOn(getContentSource(), 'fetch')
      .mockRejectedValue(new Error('content unavailable'));
    try {
      const response = await app.request('/readyz');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'unavailable',
        checks: { store: 'ok', content: 'failing' },
      });
    } finally {
      fetch.mockRestore();
    }
  });
});
