// The VitalsStore contract: every adapter must pass it (SQLite always, Firestore on the emulator).
// Values are counted and kept per route, metric and Queensland day; a summary of a period gives
// per route and metric the samples received and the 75th percentile of the kept values, exact on a
// known set; past the cap a day keeps a sample of what it received, and still counts everything.
import { describe, expect, it } from 'vitest';
import type { VitalsStore, VitalsStoreOptions, VitalsValue } from '~/store/vitals-store.server';
import type { Harness } from '../support/store-harness';
import { recordStoreLifecycle } from './record-store.contract';

const FLEET = 'routes/fleet.$slug';
const HOME = 'routes/_index';

const lcp = (value: number, route = FLEET): VitalsValue => ({ route, metric: 'LCP', value });

export function vitalsStoreContract(getHarness: () => Harness<VitalsStore, VitalsStoreOptions>) {
  describe('vitals store', () => {
    // The lifecycle checks open stores with the default options.
    const withDefaults = (): Harness<VitalsStore> => ({
      open: () => getHarness().open(),
      reset: () => getHarness().reset(),
    });
    recordStoreLifecycle(withDefaults, {
      write: async (store) => {
        await store.record('2031-03-14', [lcp(1800)]);
        return [{ route: FLEET, metric: 'LCP', samples: 1, p75: 1800 }];
      },
      read: (store) => store.summary({ from: '2031-03-14', to: '2031-03-14' }),
    });

    it('gives the exact p75 of a known set, per route and metric, over the days asked for', async () => {
      const store = getHarness().open();
      // LCP of the fleet page: 1…100 ms over three days, shuffled into batches of ten.
      const values = Array.from({ length: 100 }, (_, index) => index + 1).sort(
        (a, b) => ((a * 37) % 101) - ((b * 37) % 101),
      );
      const days = ['2031-03-12', '2031-03-13', '2031-03-14'];
      for (let start = 0; start < values.length; start += 10) {
        const day = days[(start / 10) % days.length]!;
        await store.record(
          day,
          values.slice(start, start + 10).map((value) => lcp(value)),
        );
      }
      await store.record('2031-03-13', [
        { route: FLEET, metric: 'CLS', value: 0 },
        { route: FLEET, metric: 'CLS', value: 0.25 },
        { route: FLEET, metric: 'CLS', value: 0.01 },
        { route: FLEET, metric: 'CLS', value: 0.1 },
        { route: HOME, metric: 'TTFB', value: 320 },
        { route: HOME, metric: 'TTFB', value: 410.5 },
      ]);
      // Outside the period: never counted.
      await store.record('2031-03-11', [lcp(99_000), { route: HOME, metric: 'INP', value: 40 }]);
      await store.record('2031-03-15', [lcp(99_000)]);

      const rows = await getHarness().open().summary({ from: '2031-03-12', to: '2031-03-14' });
      const byKey = Object.fromEntries(rows.map((row) => [`${row.route} ${row.metric}`, row]));
      expect(Object.keys(byKey).sort()).toEqual(
        [`${FLEET} LCP`, `${FLEET} CLS`, `${HOME} TTFB`].sort(),
      );
      expect(byKey[`${FLEET} LCP`]).toEqual({ route: FLEET, metric: 'LCP', samples: 100, p75: 75 });
      expect(byKey[`${FLEET} CLS`]).toEqual({ route: FLEET, metric: 'CLS', samples: 4, p75: 0.1 });
      expect(byKey[`${HOME} TTFB`]).toEqual({
        route: HOME,
        metric: 'TTFB',
        samples: 2,
        p75: 410.5,
      });

      // One day only.
      await expect(store.summary({ from: '2031-03-11', to: '2031-03-11' })).resolves.toEqual(
        expect.arrayContaining([
          { route: FLEET, metric: 'LCP', samples: 1, p75: 99_000 },
          { route: HOME, metric: 'INP', samples: 1, p75: 40 },
        ]),
      );
      await expect(store.summary({ from: '2030-01-01', to: '2030-12-31' })).resolves.toEqual([]);
    });

    it('keeps equal values apart and batches from two instances alike', async () => {
      const [first, second] = [getHarness().open(), getHarness().open()];
      await Promise.all([
        first.record('2031-03-14', [lcp(1000), lcp(1000), lcp(1000)]),
        second.record('2031-03-14', [lcp(1000), lcp(4000)]),
        first.record('2031-03-14', [lcp(1000), lcp(4000), lcp(4000)]),
      ]);
      // 1000 ×4, 4000 ×4: the 6th of 8 is 4000.
      await expect(first.summary({ from: '2031-03-14', to: '2031-03-14' })).resolves.toEqual([
        { route: FLEET, metric: 'LCP', samples: 8, p75: 4000 },
      ]);
    });

    it('past the cap, keeps a sample of the day’s values and counts them all', async () => {
      const store = getHarness().open({ maxValuesPerDay: 4 });
      const values = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
      await store.record(
        '2031-03-14',
        values.slice(0, 5).map((value) => lcp(value)),
      );
      await store.record(
        '2031-03-14',
        values.slice(5).map((value) => lcp(value)),
      );
      const [row] = await store.summary({ from: '2031-03-14', to: '2031-03-14' });
      expect(row?.samples).toBe(10);
      expect(values).toContain(row?.p75);
      // A day under the cap is exact.
      await store.record('2031-03-15', [lcp(5), lcp(6), lcp(7)]);
      await expect(store.summary({ from: '2031-03-15', to: '2031-03-15' })).resolves.toEqual([
        { route: FLEET, metric: 'LCP', samples: 3, p75: 7 },
      ]);
    });
  });
}
