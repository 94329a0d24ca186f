// Readiness: can this instance serve bookings and pages right now? Load balancers send traffic only
// to instances that answer 200. Liveness (the process is up) is /healthz in server/index.ts. The store
// must answer a read and take a write (a rate-limited write probe: a full disk answers reads while
// every booking fails).
import { getContentSource } from '~/content/content.server';
import { siteSettingsQuery } from '~/content/queries.server';
import { getBookingStore } from '~/store/store.server';
import { createWriteProbe } from '~/store/write-probe.server';

const CHECK_TIMEOUT_MS = 3_000;
const writeProbe = createWriteProbe(getBookingStore, { timeoutMs: CHECK_TIMEOUT_MS });

async function check(run: () => Promise<unknown>): Promise<'ok' | 'failing'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return 'ok';
  } catch {
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

export async function loader() {
  const [read, write, content] = await Promise.all([
    check(() => getBookingStore().ping()),
    writeProbe.check(),
    check(async () => {
      const settings = await getContentSource().fetch(siteSettingsQuery);
      if (!settings) throw new Error('siteSettings missing');
    }),
  ]);
  const store = read === 'ok' && write === 'ok' ? 'ok' : 'failing';
  const ready = store === 'ok' && content === 'ok';
  return Response.json(
    { status: ready ? 'ready' : 'unavailable', checks: { store, content } },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
