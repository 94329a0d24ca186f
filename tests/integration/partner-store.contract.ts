// The PartnerStore contract: every adapter must pass it (SQLite always, Firestore on the
// emulator). Partners are kept whole, each label once; an origin belongs to one partner at most,
// even when two instances give it to two partners at the same moment; a partner's changed origins
// free the ones it gave up.
import { describe, expect, it, vi } from 'vitest';
import type { createPartnerDirectory } from '~/partners/partner-directory.server';
import type { PartnerRecord, PartnerStore } from '~/store/partner-store.server';
import type { Harness } from '../support/store-harness';
import { recordStoreLifecycle } from './record-store.contract';

export function samplePartner(overrides: Partial<PartnerRecord> = {}): PartnerRecord {
  return {
    id: 'riverside-grand',
    name: 'Riverside Grand Hotel',
    origins: ['https://www.riverside-grand.example'],
    contactEmail: 'concierge@riverside-grand.example',
    commissionBasisPoints: 1000,
    active: true,
    createdAt: '2026-11-27T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
    ...overrides,
  };
}

export function partnerStoreContract(getHarness: () => Harness<PartnerStore>) {
  describe('partner store', () => {
    recordStoreLifecycle(getHarness, {
      write: async (store) => {
        await store.addPartner(samplePartner());
        return [samplePartner()];
      },
      read: (store) => store.listPartners(),
    });

    it('keeps partners by name, each label once, and changes them', async () => {
      const store = getHarness().open();
      await expect(store.addPartner(samplePartner())).resolves.toEqual({
        ok: true,
        partner: samplePartner(),
        previous: null,
      });
      await expect(
        store.addPartner(samplePartner({ name: 'Another', origins: ['https://other.example'] })),
      ).resolves.toEqual({ ok: false, reason: 'label-taken' });
      const venue = samplePartner({
        id: 'bayside-weddings',
        name: 'Bayside Weddings',
        origins: ['https://bayside.example', 'http://localhost:8080'],
        commissionBasisPoints: null,
      });
      await expect(store.addPartner(venue)).resolves.toMatchObject({ ok: true });
      await expect(store.listPartners()).resolves.toEqual([venue, samplePartner()]);

      const changed = await store.updatePartner('riverside-grand', {
        active: false,
        commissionBasisPoints: 750,
        updatedAt: '2026-11-28T00:00:00.000Z',
      });
      expect(changed).toEqual({
        ok: true,
        previous: samplePartner(),
        partner: samplePartner({
          active: false,
          commissionBasisPoints: 750,
          updatedAt: '2026-11-28T00:00:00.000Z',
        }),
      });
      await expect(store.getPartner('riverside-grand')).resolves.toEqual(
        changed.ok ? changed.partner : null,
      );
      await expect(store.updatePartner('nobody', { active: false })).resolves.toEqual({
        ok: false,
        reason: 'missing',
      });
      await expect(store.getPartner('nobody')).resolves.toBeNull();
    });

    it('gives an origin to one partner only, and frees the origins a partner gives up', async () => {
      const store = getHarness().open();
      await store.addPartner(samplePartner());
      const taken = {
        ok: false,
        reason: 'origin-taken',
        origin: 'https://www.riverside-grand.example',
        partnerId: 'riverside-grand',
      };
      await expect(
        store.addPartner(
          samplePartner({
            id: 'copycat',
            origins: ['https://copycat.example', 'https://www.riverside-grand.example'],
          }),
        ),
      ).resolves.toEqual(taken);
      // Nothing of the refused partner was kept: its other origin is free.
      await expect(store.getPartner('copycat')).resolves.toBeNull();
      const other = samplePartner({ id: 'other', origins: ['https://copycat.example'] });
      await expect(store.addPartner(other)).resolves.toMatchObject({ ok: true });
      await expect(
        store.updatePartner('other', {
          origins: ['https://copycat.example', 'https://www.riverside-grand.example'],
        }),
      ).resolves.toEqual(taken);

      // The hotel moves to a new address: the old one is free for another partner.
      await expect(
        store.updatePartner('riverside-grand', { origins: ['https://riverside-grand.example'] }),
      ).resolves.toMatchObject({ ok: true });
      await expect(
        store.updatePartner('other', {
          origins: ['https://copycat.example', 'https://www.riverside-grand.example'],
        }),
      ).resolves.toMatchObject({ ok: true });
      await expect(
        store.updatePartner('riverside-grand', {
          origins: ['https://www.riverside-grand.example'],
        }),
      ).resolves.toMatchObject({ ok: false, reason: 'origin-taken', partnerId: 'other' });
      // Keeping its own origins is no clash.
      await expect(store.updatePartner('other', { name: 'Other Hotel' })).resolves.toMatchObject({
        ok: true,
        partner: { name: 'Other Hotel' },
      });
    });

    it('lets exactly one of two instances give one origin to two partners at once', async () => {
      for (let round = 0; round < 3; round += 1) {
        const [a, b] = [getHarness().open(), getHarness().open()];
        const origin = `https://contested-${round}.example`;
        const outcomes = await Promise.all([
          a.addPartner(samplePartner({ id: `a-${round}`, origins: [origin] })),
          b.addPartner(samplePartner({ id: `b-${round}`, origins: [origin] })),
        ]);
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
        expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
          expect.objectContaining({ ok: false, reason: 'origin-taken', origin }),
        ]);
      }
    });
  });
}

/**
 * Two server instances, each with its own list of partners read through the directory, on one
 * store: a change saved on one reaches the other within MAX_AGE_MS (a clock the test moves, not a
 * real 30-second wait), and the one that saved sees it at once.
 */
export function partnerDirectoryAcrossInstances(
  getHarness: () => Harness<PartnerStore>,
  createDirectory: typeof createPartnerDirectory,
  maxAgeMs: number,
) {
  describe('partner directory on two instances', () => {
    it('shows a partner added, then switched off, on the other instance within 30 seconds', async () => {
      await getHarness().reset();
      let clock = Date.parse('2026-11-27T05:00:00.000Z');
      const now = () => clock;
      const [storeA, storeB] = [getHarness().open(), getHarness().open()];
      const a = createDirectory({ store: () => storeA, environment: () => [], now });
      const b = createDirectory({ store: () => storeB, environment: () => [], now });
      const origin = 'https://www.riverside-grand.example';
      expect((await a.view()).allowed.has(origin)).toBe(false);
      expect((await b.view()).allowed.has(origin)).toBe(false);

      // Instance B saves (and forgets its own copy, as the staff page's action does).
      await storeB.addPartner(samplePartner({ origins: [origin] }));
      b.forget();
      expect((await b.view()).allowed.get(origin)?.stored?.id).toBe('riverside-grand');
      // A may keep its copy a while, never past the limit.
      clock += maxAgeMs - 1;
      expect((await a.view()).allowed.has(origin)).toBe(false);
      clock += 1;
      expect((await a.view()).allowed.get(origin)?.stored?.id).toBe('riverside-grand');

      await storeB.updatePartner('riverside-grand', { active: false });
      b.forget();
      expect((await b.view()).allowed.has(origin)).toBe(false);
      clock += maxAgeMs;
      const view = await a.view();
      expect(view.allowed.has(origin)).toBe(false);
      // Still listed for staff, switched off.
      expect(view.partners.map((partner) => [partner.id, partner.active])).toEqual([
        ['riverside-grand', false],
      ]);
    });

    it('reads the store once for requests that arrive together, and keeps the last list when a read fails', async () => {
      await getHarness().reset();
      let clock = 0;
      const store = getHarness().open();
      await store.addPartner(samplePartner());
      let reads = 0;
      let failing = false;
      const counted: PartnerStore = {
        ...store,
        listPartners: () => {
          reads += 1;
          return failing ? Promise.reject(new Error('store down')) : store.listPartners();
        },
      };
      const directory = createDirectory({
        store: () => counted,
        environment: () => ['https://env-partner.example/'],
        now: () => clock,
      });
      const views = await Promise.all(Array.from({ length: 20 }, () => directory.view()));
      expect(reads).toBe(1);
      expect([...views[0]!.allowed.keys()].sort()).toEqual([
        'https://env-partner.example',
        'https://www.riverside-grand.example',
      ]);
      failing = true;
      clock += maxAgeMs;
      const logged = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      try {
        const kept = await directory.view();
        expect(kept.allowed.has('https://www.riverside-grand.example')).toBe(true);
      } finally {
        logged.mockRestore();
      }
    });
  });
}
