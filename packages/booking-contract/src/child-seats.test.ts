import { describe, expect, it } from 'vitest';
import { childSeatKindsText, describeChildSeats } from './child-seats';

describe('describeChildSeats', () => {
  it('counts the seats, then each kind asked for (one kind once), in the singular or plural', () => {
    const none = { babyCapsule: 0, childSeat: 0, booster: 0 };
    expect(describeChildSeats(none)).toBeNull();
    expect(describeChildSeats({ ...none, babyCapsule: 1, booster: 1 })).toBe(
      '2 child seats: 1 baby capsule, 1 booster',
    );
    // One kind alone is said once, not "1 child seat: 1 child seat".
    expect(describeChildSeats({ ...none, childSeat: 1 })).toBe('1 child seat');
    expect(describeChildSeats({ ...none, booster: 2 })).toBe('2 boosters');
    expect(describeChildSeats({ babyCapsule: 2, childSeat: 1, booster: 3 })).toBe(
      '6 child seats: 2 baby capsules, 1 child seat, 3 boosters',
    );
  });
});

describe('childSeatKindsText', () => {
  it('names each kind asked for, for the fare line and the invoice', () => {
    expect(childSeatKindsText({ babyCapsule: 1, childSeat: 0, booster: 2 })).toBe(
      '1 baby capsule, 2 boosters',
    );
    expect(childSeatKindsText({ babyCapsule: 0, childSeat: 0, booster: 0 })).toBe('');
  });
});
