import { describe, expect, it } from 'vitest';
import { basisPointsOf, partnerOriginOf, percentText } from './partner-origins';

describe('partnerOriginOf', () => {
  it.each([
    ['https://www.riverside-grand.example', 'https://www.riverside-grand.example'],
    ['HTTPS://Www.Riverside-Grand.example/', 'https://www.riverside-grand.example'],
    ['https://weddings.example.com:8443', 'https://weddings.example.com:8443'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('takes %s as %s', (text, origin) => {
    expect(partnerOriginOf(text)).toBe(origin);
  });

  it.each([
    ['http://www.riverside-grand.example'],
    ['https://www.riverside-grand.example/booking'],
    ['https://www.riverside-grand.example?x=1'],
    ['https://user:pass@www.riverside-grand.example'],
    ['https://*.riverside-grand.example'],
    ['null'],
    ['file:///tmp/page.html'],
    ['javascript:alert(1)'],
    ['www.riverside-grand.example'],
    ['https://a.example https://b.example'],
    [`https://${'a'.repeat(250)}.example`],
    [''],
  ])('refuses %s', (text) => {
    expect(partnerOriginOf(text)).toBeNull();
  });
});

describe('commission', () => {
  it.each([
    ['10', 1000],
    ['7.5', 750],
    ['12.25', 1225],
    ['0', 0],
    ['100', 10000],
  ])('reads %s%% as %i basis points', (text, points) => {
    expect(basisPointsOf(text)).toBe(points);
    expect(percentText(points)).toBe(`${text}%`);
  });

  it.each([['-1'], ['101'], ['7.555'], ['1e1'], ['ten'], ['100.5']])('refuses %s', (text) => {
    expect(basisPointsOf(text)).toBeNull();
  });
});
