import { describe, expect, it } from 'vitest';
import { isSmallerType, jobWindow, type DispatchVehicleType } from './dispatch-settings.server';

const type = (id: string, passengerMax: number, rank: number): DispatchVehicleType => ({
  id,
  title: id,
  archived: false,
  passengerMax,
  rank,
});
const executive = type('executive-sedan', 3, 0);
const luxury = type('luxury-sedan', 3, 1);
const suv = type('premium-suv', 4, 2);
const limousine = type('stretch-limousine', 10, 7);
const minibus = type('luxury-minibus', 13, 4);

describe('isSmallerType', () => {
  it('is smaller with fewer passengers, or as many and earlier in the fleet order', () => {
    expect(isSmallerType(executive, luxury)).toBe(true);
    expect(isSmallerType(luxury, executive)).toBe(false);
    expect(isSmallerType(suv, luxury)).toBe(false);
    expect(isSmallerType(luxury, suv)).toBe(true);
    // Later in the order, but fewer seats: still smaller.
    expect(isSmallerType(limousine, minibus)).toBe(true);
    expect(isSmallerType(suv, suv)).toBe(false);
  });

  it('never calls the booked type unknown to the CMS smaller, and a car of an unknown type is', () => {
    expect(isSmallerType(executive, undefined)).toBe(false);
    expect(isSmallerType(undefined, executive)).toBe(true);
  });
});

describe('jobWindow', () => {
  const route = { distanceMeters: 1, durationSeconds: 5_100, legs: [] };
  const trip = { date: '2031-03-14', time: '23:30', byTheHour: false, hours: 0 };

  it('runs from the Queensland pickup to the estimated end plus the buffer, across midnight', () => {
    expect(jobWindow({ trip, route } as never, 30)).toEqual({
      start: '2031-03-14T13:30:00.000Z',
      end: '2031-03-14T15:25:00.000Z',
    });
  });

  it('holds the hours booked for a booking by the hour', () => {
    expect(jobWindow({ trip: { ...trip, byTheHour: true, hours: 4 }, route } as never, 0)).toEqual({
      start: '2031-03-14T13:30:00.000Z',
      end: '2031-03-14T17:30:00.000Z',
    });
  });
});
