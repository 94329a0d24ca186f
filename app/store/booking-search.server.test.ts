// What a staff search finds, decided by keys: a search text finds a booking when the booking has
// one of its keys. Each kind of search is tried against Ngaio O'Connor-Tāne's booking (and her
// booker), with the near misses the keys rule out.
import { describe, expect, it } from 'vitest';
import { sampleBooker, sampleNewBooking } from '../../tests/support/booking-fixtures';
import { bookingSearchKeys, NAME_KEY_LENGTH, searchKeysOf } from './booking-search.server';

const base = sampleNewBooking();
const keys = new Set(
  bookingSearchKeys({
    reference: 'MH3K9Q2A',
    contacts: { ...base.contacts, booker: sampleBooker },
  }),
);
const finds = (text: string) => searchKeysOf(text).some((key) => keys.has(key));

describe('a staff search', () => {
  it('finds the whole reference in any case, never a part of it', () => {
    expect(finds('MH3K9Q2A')).toBe(true);
    expect(finds('mh3k9q2a')).toBe(true);
    expect(finds('MH3K9Q')).toBe(false);
  });

  it('finds a whole email, or the part before the @, in any case; never the domain alone', () => {
    expect(finds('Ngaio.OConnor@example.com')).toBe(true);
    expect(finds('ngaio.oconnor')).toBe(true);
    expect(finds('priya.raman@example.com')).toBe(true);
    expect(finds('@example.com')).toBe(false);
    expect(finds('example.com')).toBe(false);
    expect(finds('ngaio.oconnor@example.org')).toBe(false);
  });

  it('finds a whole phone number as written in Australia or internationally', () => {
    for (const typed of ['0412 345 678', '+61 412 345 678', '61412345678', '412345678']) {
      expect(finds(typed), typed).toBe(true);
    }
    // The booker's New Zealand number, with its country code.
    expect(finds('+64 0211234567')).toBe(true);
    expect(finds('0412 345 679')).toBe(false);
    expect(finds('345 678')).toBe(false);
  });

  it('finds words of a name from the start of any word, in order, the last one cut short', () => {
    for (const typed of [
      'Ngaio',
      'ng',
      "ngaio o'c",
      "O'Connor",
      'oconnor',
      'Connor',
      'connor-tane',
      'Tāne',
      'tane',
      'NGAIO OCONNOR TANE',
      'priya ram',
    ]) {
      expect(finds(typed), typed).toBe(true);
    }
    for (const typed of ['n', 'gaio', 'ngaio tane', 'onnor', 'raman priya']) {
      expect(finds(typed), typed).toBe(false);
    }
  });

  it('compares the first NAME_KEY_LENGTH characters of a long name search', () => {
    const long = sampleNewBooking({
      contacts: {
        ...base.contacts,
        passenger: {
          ...base.contacts.passenger,
          firstName: 'Maximilian Alexander',
          lastName: 'Featherstonehaugh',
        },
      },
    });
    const longKeys = new Set(bookingSearchKeys({ reference: 'MH3K9Q2B', contacts: long.contacts }));
    const typed = 'maximilian alexander featherstonehaugh';
    expect(searchKeysOf(typed)).toContain(`n:${typed.slice(0, NAME_KEY_LENGTH)}`);
    expect(searchKeysOf(typed).some((key) => longKeys.has(key))).toBe(true);
  });

  it('means nothing for punctuation, a single letter only an address before the @', () => {
    expect(searchKeysOf('')).toEqual([]);
    expect(searchKeysOf('a')).toEqual(['e:a']);
    expect(searchKeysOf(' -- ')).toEqual([]);
    expect(searchKeysOf('0412345678').length).toBeLessThanOrEqual(4);
    expect(searchKeysOf('x'.repeat(5000)).every((key) => key.length <= 260)).toBe(true);
  });
});
