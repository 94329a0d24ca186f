// The embedded VitalsStore: the `vitals_days` and `vitals_values` tables of the store's SQLite file
// (migration 9). A batch is one transaction: each value counts in its day and takes the slot
// reservoirSlot gives it (vitals-store.server.ts).
import { openSqliteStore } from './sqlite-store.server';
import {
  groupKey,
  MAX_VALUES_PER_DAY,
  reservoirSlot,
  summaryRows,
  type VitalsStore,
  type VitalsStoreOptions,
} from './vitals-store.server';
import type { VitalName } from '~/utils/vitals';

export function createSqliteVitalsStore(
  { filename }: { filename: string },
  { maxValuesPerDay = MAX_VALUES_PER_DAY }: VitalsStoreOptions = {},
): VitalsStore {
  const { db, run, runInTransaction, close } = openSqliteStore(filename, 'vitals store');
  const statements = {
    count: db.prepare(
      `INSERT INTO vitals_days (day, route, metric, seen) VALUES (?, ?, ?, 1)
       ON CONFLICT (day, route, metric) DO UPDATE SET seen = seen + 1
       RETURNING seen`,
    ),
    keep: db.prepare(
      `INSERT INTO vitals_values (day, route, metric, slot, value) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (day, route, metric, slot) DO UPDATE SET value = excluded.value`,
    ),
    days: db.prepare(
      `SELECT route, metric, SUM(seen) AS samples FROM vitals_days
       WHERE day BETWEEN ? AND ? GROUP BY route, metric`,
    ),
    values: db.prepare('SELECT route, metric, value FROM vitals_values WHERE day BETWEEN ? AND ?'),
  };

  return {
    kind: 'sqlite',

    record(day, values) {
      return runInTransaction(() => {
        for (const { route, metric, value } of values) {
          const { seen } = statements.count.get(day, route, metric) as { seen: number };
          const slot = reservoirSlot(Number(seen), maxValuesPerDay);
          if (slot !== null) statements.keep.run(day, route, metric, slot, value);
        }
      });
    },

    summary({ from, to }) {
      return run(() => {
        const groups = new Map<
          string,
          { route: string; metric: VitalName; samples: number; values: number[] }
        >();
        for (const row of statements.days.all(from, to)) {
          const route = String(row.route);
          const metric = String(row.metric) as VitalName;
          groups.set(groupKey(route, metric), {
            route,
            metric,
            samples: Number(row.samples),
            values: [],
          });
        }
        for (const row of statements.values.all(from, to)) {
          groups
            .get(groupKey(String(row.route), String(row.metric)))
            ?.values.push(Number(row.value));
        }
        return summaryRows(groups);
      });
    },

    close,
  };
}
