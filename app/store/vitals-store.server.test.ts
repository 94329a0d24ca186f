import { describe, expect, it } from 'vitest';
import { percentile75, reservoirSlot } from './vitals-store.server';

describe('the 75th percentile', () => {
  it('is the nearest-rank value: at least three in four values at or below it', () => {
    expect(percentile75(Array.from({ length: 100 }, (_, index) => index + 1))).toBe(75);
    expect(percentile75([4, 1, 3, 2])).toBe(3);
    expect(percentile75([1, 2, 3, 4, 5])).toBe(4);
    expect(percentile75([1800])).toBe(1800);
    expect(percentile75([0.25, 0, 0.01, 0.1])).toBe(0.1);
  });

  it('does not depend on the order of the values, nor change them', () => {
    const values = [2400, 900, 3100, 1200, 1500, 2600, 800, 4000];
    const copy = [...values];
    expect(percentile75(values)).toBe(2600);
    expect(percentile75([...values].reverse())).toBe(2600);
    expect(values).toEqual(copy);
  });

  it('is NaN for no values', () => {
    expect(percentile75([])).toBeNaN();
  });
});

describe('the values kept per day', () => {
  it('fills the slots in order while there is room', () => {
    expect([1, 2, 3].map((seen) => reservoirSlot(seen, 3, () => 0))).toEqual([0, 1, 2]);
  });

  it('past the cap, replaces a random slot with probability max/seen, or keeps nothing', () => {
    expect(reservoirSlot(4, 3, () => 2)).toBe(2);
    expect(reservoirSlot(4, 3, () => 3)).toBeNull();
    expect(reservoirSlot(10, 3, (below) => below - 1)).toBeNull();
  });

  it('keeps a uniform sample: every value is as likely to stay', () => {
    const max = 5;
    const total = 20;
    const stays = new Array<number>(total).fill(0);
    for (let run = 0; run < 4000; run += 1) {
      const slots: number[] = [];
      for (let seen = 1; seen <= total; seen += 1) {
        const slot = reservoirSlot(seen, max);
        if (slot !== null) slots[slot] = seen - 1;
      }
      for (const index of slots) stays[index]! += 1;
    }
    // Each value stays in max/total = a quarter of the runs (1000 of 4000), give or take.
    for (const count of stays) expect(Math.abs(count - 1000)).toBeLessThan(200);
  });
});
