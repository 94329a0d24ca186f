// Every query the staff views can make on Firestore has its composite index declared in
// firestore.indexes.json (deployed with the rules: firebase.json names both), and no declared
// index is left unused. The emulator answers any query without an index, so only this check
// stops a filter combination from failing in production with FAILED_PRECONDITION.
import { readFileSync } from 'node:fs';
import { bookingStatusSchema } from '@business-chauffeur/booking-contract';
import { describe, expect, it } from 'vitest';
import type { StaffBookingsQuery } from './booking-store.server';
import {
  cancellationPlan,
  indexOfPlan,
  staffListPlan,
  type CompositeIndex,
} from './firestore-staff-queries.server';

const declared = (
  JSON.parse(readFileSync('firestore.indexes.json', 'utf8')) as { indexes: CompositeIndex[] }
).indexes;

/** Every filter combination of the bookings list and the cancellation requests. */
function everyPlan() {
  const plans = [];
  const statuses: StaffBookingsQuery['status'][] = [
    'any',
    'not-draft',
    ...bookingStatusSchema.options,
  ];
  for (const status of statuses) {
    for (const partner of [undefined, null, 'Riverside Grand']) {
      for (const keys of [[], ['r:MH3K9Q2A'], ['e:ana', 'n:ana']]) {
        for (const dates of [
          {},
          { pickupFrom: '2031-03-01' },
          { pickupFrom: '2031-03-01', pickupTo: '2031-03-31' },
        ]) {
          const query: StaffBookingsQuery = {
            status,
            ...dates,
            ...(partner === undefined ? {} : { partner }),
          };
          plans.push(staffListPlan(query, keys));
        }
      }
    }
  }
  for (const state of ['open', 'handled', 'all'] as const) plans.push(cancellationPlan({ state }));
  return plans;
}

describe('firestore.indexes.json', () => {
  it('is what firebase.json deploys with the rules', () => {
    expect(JSON.parse(readFileSync('firebase.json', 'utf8'))).toMatchObject({
      firestore: { rules: 'firestore.rules', indexes: 'firestore.indexes.json' },
    });
  });

  it('declares the composite index of every staff query, and none that no query uses', () => {
    const needed = everyPlan()
      .map((plan) => indexOfPlan(plan))
      .filter((index) => index !== null);
    for (const index of needed) expect(declared).toContainEqual(index);
    const key = (index: CompositeIndex) => JSON.stringify(index);
    expect(new Set(declared.map(key))).toEqual(new Set(needed.map(key)));
  });

  it('needs no composite index for the plain list by pickup date', () => {
    expect(indexOfPlan(staffListPlan({ status: 'any', pickupFrom: '2031-03-01' }, []))).toBeNull();
  });
});
