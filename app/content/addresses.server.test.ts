// The address index (addresses.server.ts) built from the index query's result: which document
// answers an address, where each redirect ends after its chain, and what is left out (with a log
// line) because the app answers there, another document has the address, or the redirect loops.
import { describe, expect, it, vi } from 'vitest';
import { buildAddressIndex } from './addresses.server';

type Result = Parameters<typeof buildAddressIndex>[0];

const doc = (_type: string, route: string, extra: Record<string, unknown> = {}) => ({
  _id: `${_type}.${route}`,
  _type,
  route,
  title: route,
  _updatedAt: '2026-11-27T00:00:00Z',
  noIndex: false,
  listed: true,
  ...extra,
});

const redirect = (from: string, target: string | { _type: string; route: string }) => ({
  _id: `redirect.${from}`,
  from,
  to: typeof target === 'string' ? null : target,
  toPath: typeof target === 'string' ? target : null,
});

function build(documents: unknown[], redirects: unknown[] = []) {
  const logger = { warn: vi.fn() };
  const index = buildAddressIndex({ documents, redirects } as unknown as Result, logger);
  return { index, warnings: logger.warn.mock.calls.map((call) => String(call[0])) };
}

describe('the address index', () => {
  it('finds each document at its address in any letter case, the app’s pages marked as such', () => {
    const { index } = build([
      doc('page', 'home'),
      doc('page', 'faqs'),
      doc('page', 'joinFleet'),
      doc('serviceArea', 'service-area-toowoomba'),
    ]);
    expect(index.byPath.get('/joinfleet')).toMatchObject({ path: '/joinFleet', appPage: false });
    expect(index.byPath.get('/')).toMatchObject({ route: 'home', appPage: true });
    expect(index.byPath.get('/faqs')?.appPage).toBe(true);
    expect(index.byPath.get('/service-area-toowoomba')?.type).toBe('serviceArea');
    expect(index.byPath.has('/home')).toBe(false);
  });

  it('serves no document at an address of the app, and the first of two at the same address', () => {
    const { index, warnings } = build([
      doc('policy', 'booking'),
      doc('page', 'weddings'),
      { ...doc('serviceArea', 'Weddings'), _id: 'serviceArea.later' },
    ]);
    expect(index.byPath.has('/booking')).toBe(false);
    expect(index.byPath.get('/weddings')?._id).toBe('page.weddings');
    expect(index.documents).toHaveLength(1);
    expect(warnings).toEqual([
      'A document has an address of the app itself and is not served',
      'Two documents have the same address; the first is served',
    ]);
  });

  it('sends a redirect to its document wherever the document is now', () => {
    const { index } = build(
      [doc('page', 'join-our-fleet')],
      [redirect('/joinFleet', { _type: 'page', route: 'join-our-fleet' })],
    );
    expect(index.redirects.get('/joinfleet')).toBe('/join-our-fleet');
  });

  it('follows a chain to its end, keeping a query the last redirect names', () => {
    const { index } = build(
      [doc('page', 'weddings')],
      [
        redirect('/a', '/b'),
        redirect('/b', '/WEDDINGS/'),
        redirect('/c', '/d'),
        redirect('/d', '/booking?vehicle=stretch-limousine'),
      ],
    );
    expect(index.redirects.get('/a')).toBe('/weddings');
    expect(index.redirects.get('/c')).toBe('/booking?vehicle=stretch-limousine');
  });

  it('drops loops, redirects off the site, and redirects from app paths or documents', () => {
    const { index, warnings } = build(
      [doc('page', 'weddings')],
      [
        redirect('/loop-a', '/loop-b'),
        redirect('/loop-b', '/loop-a'),
        redirect('/self', '/self'),
        redirect('/away', '//evil.example/'),
        redirect('/back', '/\\evil.example'),
        redirect('/absolute', 'https://evil.example/'),
        redirect('/booking', '/weddings'),
        redirect('/Weddings', '/booking'),
        redirect('/gone', null as never),
      ],
    );
    expect([...index.redirects.keys()]).toEqual([]);
    expect(warnings.filter((line) => line.includes('leads back'))).toHaveLength(3);
    expect(warnings.filter((line) => line.includes('no target'))).toHaveLength(4);
  });
});
