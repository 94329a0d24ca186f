// The element's attributes as the widget reads them.
import { describe, expect, it } from 'vitest';
import { readOptions, resolveApiBase } from './options';

const SCRIPT = 'https://book.example/widget/chauffeur-booking.js';

function read(attributes: Record<string, string>) {
  return readOptions((name) => attributes[name] ?? null, SCRIPT);
}

describe('resolveApiBase', () => {
  it('defaults to the origin the script came from', () => {
    expect(resolveApiBase(null, SCRIPT)).toBe('https://book.example');
    expect(resolveApiBase('  ', SCRIPT)).toBe('https://book.example');
  });

  it('takes an http(s) address, without its trailing slash', () => {
    expect(resolveApiBase('https://api.book.example/', SCRIPT)).toBe('https://api.book.example');
    expect(resolveApiBase('https://book.example/site/', SCRIPT)).toBe('https://book.example/site');
  });

  it('refuses other schemes', () => {
    expect(resolveApiBase('javascript:alert(1)', SCRIPT)).toBe('https://book.example');
    expect(resolveApiBase('data:text/plain,hi', SCRIPT)).toBe('https://book.example');
  });
});

describe('readOptions', () => {
  it('reads every attribute', () => {
    expect(
      read({
        partner: 'riverside-grand',
        theme: 'dark',
        pickup: ' Brisbane Airport ',
        drop: 'South Bank',
        date: '2026-12-24',
        passengers: '3',
        vehicle: 'Premium-SUV',
      }),
    ).toEqual({
      apiBase: 'https://book.example',
      partner: 'riverside-grand',
      theme: 'dark',
      prefill: {
        pickup: 'Brisbane Airport',
        drop: 'South Bank',
        date: '2026-12-24',
        passengers: 3,
        vehicle: 'premium-suv',
      },
    });
  });

  it('ignores values it cannot use', () => {
    const options = read({
      theme: 'neon',
      date: '24/12/2026',
      passengers: 'two',
      vehicle: '../../etc',
    });
    expect(options.theme).toBe('light');
    expect(options.prefill).toEqual({
      pickup: null,
      drop: null,
      date: null,
      passengers: null,
      vehicle: null,
    });
    expect(read({ passengers: '0' }).prefill.passengers).toBeNull();
  });
});
