import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  brisbaneInstant,
  earliestBookingDate,
  isAtLeastOneHourAhead,
  isBookableDate,
  latestBookingDate,
  parseIsoDate,
  parseTimeOfDay,
  timeInBrisbane,
  to12HourTime,
  todayInBrisbane,
} from './time';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('Brisbane dates and times', () => {
  it('puts the last bookable date the horizon in calendar months after the Brisbane date', () => {
    // 23:30 UTC on 30 Jan is 09:30 on 31 Jan in Brisbane.
    const lateJanuary = new Date('2026-01-30T23:30:00Z');
    expect(latestBookingDate(12, lateJanuary)).toBe('2027-01-31');
    // February has no 31st: its last day.
    expect(latestBookingDate(1, lateJanuary)).toBe('2026-02-28');
    expect(latestBookingDate(13, lateJanuary)).toBe('2027-02-28');
    expect(latestBookingDate(12, new Date('2026-03-10T02:00:00Z'))).toBe('2027-03-10');
  });

  it('gives the Brisbane date, which is a day ahead of UTC from 14:00 UTC', () => {
    expect(todayInBrisbane(new Date('2026-03-10T13:59:59Z'))).toBe('2026-03-10');
    expect(todayInBrisbane(new Date('2026-03-10T14:00:00Z'))).toBe('2026-03-11');
    expect(timeInBrisbane(new Date('2026-03-10T14:05:00Z'))).toBe('00:05');
    expect(todayInBrisbane(new Date('2026-12-31T14:00:00Z'))).toBe('2027-01-01');
  });

  it('agrees with the time-zone database for any instant (no daylight saving in Queensland)', () => {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Australia/Brisbane',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (instant) => {
          const parts = Object.fromEntries(
            format.formatToParts(instant).map((p) => [p.type, p.value]),
          );
          expect(todayInBrisbane(instant)).toBe(`${parts.year}-${parts.month}-${parts.day}`);
          expect(timeInBrisbane(instant)).toBe(`${parts.hour}:${parts.minute}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('turns a Brisbane wall-clock time into the instant ten hours earlier in UTC', () => {
    expect(brisbaneInstant('2026-07-01', '09:30')?.toISOString()).toBe('2026-06-30T23:30:00.000Z');
    expect(brisbaneInstant('2026-07-01', '10:00')?.toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });

  it.each(['America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Europe/London', 'UTC'])(
    'gives the same answers when the process runs in %s',
    (zone) => {
      process.env.TZ = zone;
      const now = new Date('2026-03-10T13:30:00Z'); // 23:30 in Brisbane
      expect(todayInBrisbane(now)).toBe('2026-03-10');
      expect(brisbaneInstant('2026-03-11', '00:30')?.toISOString()).toBe(
        '2026-03-10T14:30:00.000Z',
      );
      expect(isAtLeastOneHourAhead('2026-03-11', '00:30', now)).toBe(true);
      expect(isAtLeastOneHourAhead('2026-03-11', '00:29', now)).toBe(false);
    },
  );

  it('rejects dates and times that do not exist', () => {
    expect(parseIsoDate('2026-02-29')).toBeUndefined();
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseIsoDate('2026-13-01')).toBeUndefined();
    expect(parseIsoDate('10/03/2026')).toBeUndefined();
    expect(parseIsoDate('')).toBeUndefined();
    expect(parseTimeOfDay('24:00')).toBeUndefined();
    expect(parseTimeOfDay('9:30')).toBeUndefined();
    expect(parseTimeOfDay('23:59')).toBe(23 * 60 + 59);
    expect(parseTimeOfDay('00:00')).toBe(0);
    expect(brisbaneInstant('2026-02-30', '10:00')).toBeUndefined();
  });
});

describe('the one-hour lead time', () => {
  const now = new Date('2026-03-10T02:00:00Z'); // 12:00 in Brisbane

  it('accepts exactly one hour ahead and refuses a minute less', () => {
    expect(isAtLeastOneHourAhead('2026-03-10', '13:00', now)).toBe(true);
    expect(isAtLeastOneHourAhead('2026-03-10', '12:59', now)).toBe(false);
    // Seconds count: at 12:00:01 a 13:00 pickup is 59 min 59 s away.
    expect(isAtLeastOneHourAhead('2026-03-10', '13:00', new Date('2026-03-10T02:00:01Z'))).toBe(
      false,
    );
  });

  it('refuses the past and accepts later days', () => {
    expect(isAtLeastOneHourAhead('2026-03-09', '23:00', now)).toBe(false);
    expect(isAtLeastOneHourAhead('2026-03-11', '00:00', now)).toBe(true);
    expect(isAtLeastOneHourAhead('not a date', '13:00', now)).toBe(false);
  });

  it('works across midnight in Brisbane', () => {
    const lateEvening = new Date('2026-03-10T13:30:00Z'); // 23:30 on 10 March in Brisbane
    expect(isAtLeastOneHourAhead('2026-03-11', '00:30', lateEvening)).toBe(true);
    expect(isAtLeastOneHourAhead('2026-03-11', '00:29', lateEvening)).toBe(false);
    expect(isBookableDate('2026-03-10', lateEvening)).toBe(false);
    expect(isBookableDate('2026-03-11', lateEvening)).toBe(true);
    expect(earliestBookingDate(lateEvening)).toBe('2026-03-11');
    expect(earliestBookingDate(now)).toBe('2026-03-10');
  });

  it('makes a date bookable while its last minute is an hour away', () => {
    expect(isBookableDate('2026-03-10', new Date('2026-03-10T12:59:00Z'))).toBe(true); // 22:59
    expect(isBookableDate('2026-03-10', new Date('2026-03-10T12:59:01Z'))).toBe(false);
  });
});

describe('to12HourTime', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['00:05', '12:05 AM'],
    ['09:30', '9:30 AM'],
    ['12:00', '12:00 PM'],
    ['14:05', '2:05 PM'],
    ['23:59', '11:59 PM'],
  ])('%s is %s', (input, expected) => {
    expect(to12HourTime(input)).toBe(expected);
  });

  it('gives undefined for a time that is not HH:MM', () => {
    expect(to12HourTime('25:00')).toBeUndefined();
  });
});
