// The DispatchStore contract: every adapter must pass it (SQLite always, Firestore on the
// emulator). Chauffeurs and cars are kept whole, each id once (a plate is a car's id); a job's
// chauffeur and car are never on two jobs whose times overlap, even when two instances assign at
// the same moment; a change and an unassignment raise the job's sequence.
import { describe, expect, it } from 'vitest';
import type {
  AssignInput,
  CarRecord,
  ChauffeurRecord,
  DispatchStore,
} from '~/store/dispatch-store.server';
import type { Harness } from '../support/store-harness';
import { recordStoreLifecycle } from './record-store.contract';

export function sampleChauffeur(overrides: Partial<ChauffeurRecord> = {}): ChauffeurRecord {
  return {
    id: 'chauffeur-1',
    firstName: 'Arthur',
    lastName: 'Upfield',
    mobile: '+61400111222',
    email: 'arthur@example.com',
    licenceExpiry: '2031-05-01',
    authorisationExpiry: '2030-01-31',
    active: true,
    applicationId: null,
    createdAt: '2026-11-27T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
    ...overrides,
  };
}

export function sampleCar(overrides: Partial<CarRecord> = {}): CarRecord {
  return {
    id: '123ABC',
    plate: '123 ABC',
    makeModel: 'Mercedes-Benz E 300',
    vehicleTypeId: 'vehicleType.executive-sedan',
    seats: 3,
    registrationExpiry: '2027-06-30',
    active: true,
    createdAt: '2026-11-27T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
    ...overrides,
  };
}

function job(overrides: Partial<AssignInput> = {}): AssignInput {
  return {
    bookingId: 'booking-1',
    reference: 'MIFQ2A1B',
    chauffeurId: 'chauffeur-1',
    carId: '123ABC',
    start: '2026-12-01T22:00:00.000Z',
    end: '2026-12-01T23:30:00.000Z',
    at: '2026-11-27T01:00:00.000Z',
    by: 'dispatch@businesschauffeur.example',
    ...overrides,
  };
}

export function dispatchStoreContract(getHarness: () => Harness<DispatchStore>) {
  describe('dispatch store', () => {
    recordStoreLifecycle(getHarness, {
      write: async (store) => {
        await store.addChauffeur(sampleChauffeur());
        return [sampleChauffeur()];
      },
      read: (store) => store.listChauffeurs(),
    });

    it('keeps chauffeurs by name and cars by plate, each id once, and updates them', async () => {
      const store = getHarness().open();
      await expect(store.addChauffeur(sampleChauffeur())).resolves.toBe(true);
      const second = sampleChauffeur({ id: 'chauffeur-2', firstName: 'Bea', lastName: 'Adams' });
      await expect(store.addChauffeur(second)).resolves.toBe(true);
      await expect(store.addChauffeur(sampleChauffeur({ firstName: 'Other' }))).resolves.toBe(
        false,
      );
      await expect(store.listChauffeurs()).resolves.toEqual([second, sampleChauffeur()]);
      const updated = await store.updateChauffeur('chauffeur-1', {
        active: false,
        licenceExpiry: '2036-05-01',
      });
      expect(updated).toEqual(sampleChauffeur({ active: false, licenceExpiry: '2036-05-01' }));
      await expect(store.getChauffeur('chauffeur-1')).resolves.toEqual(updated);
      await expect(store.updateChauffeur('nobody', { active: false })).resolves.toBeNull();
      await expect(store.getChauffeur('nobody')).resolves.toBeNull();

      await expect(store.addCar(sampleCar())).resolves.toBe(true);
      await expect(store.addCar(sampleCar({ makeModel: 'Another' }))).resolves.toBe(false);
      const other = sampleCar({ id: '001XYZ', plate: '001 XYZ' });
      await expect(store.addCar(other)).resolves.toBe(true);
      await expect(store.listCars()).resolves.toEqual([other, sampleCar()]);
      await expect(store.updateCar('123ABC', { seats: 4 })).resolves.toEqual(
        sampleCar({ seats: 4 }),
      );
      await expect(store.getCar('nope')).resolves.toBeNull();
    });

    it('assigns a job, refuses a chauffeur or a car whose other job overlaps, and raises the sequence on each change', async () => {
      const store = getHarness().open();
      const first = await store.assign(job());
      expect(first).toEqual({
        ok: true,
        previous: null,
        job: {
          bookingId: 'booking-1',
          reference: 'MIFQ2A1B',
          chauffeurId: 'chauffeur-1',
          carId: '123ABC',
          start: '2026-12-01T22:00:00.000Z',
          end: '2026-12-01T23:30:00.000Z',
          sequence: 0,
          updatedAt: '2026-11-27T01:00:00.000Z',
          updatedBy: 'dispatch@businesschauffeur.example',
        },
      });
      // Across midnight UTC, overlapping the first by half an hour: the chauffeur is busy.
      const overlapping = job({
        bookingId: 'booking-2',
        reference: 'MIFQ2A2C',
        carId: '001XYZ',
        start: '2026-12-01T23:00:00.000Z',
        end: '2026-12-02T01:00:00.000Z',
      });
      await expect(store.assign(overlapping)).resolves.toEqual({
        ok: false,
        busy: 'chauffeur',
        bookingId: 'booking-1',
        reference: 'MIFQ2A1B',
      });
      await expect(
        store.assign({ ...overlapping, chauffeurId: 'chauffeur-2', carId: '123ABC' }),
      ).resolves.toMatchObject({ ok: false, busy: 'car', bookingId: 'booking-1' });
      // Starting when the first ends: no overlap.
      const after = await store.assign({ ...overlapping, start: '2026-12-01T23:30:00.000Z' });
      expect(after.ok).toBe(true);

      // A change of chauffeur on the first job: sequence 1, and the old chauffeur is free.
      const changed = await store.assign(job({ chauffeurId: 'chauffeur-2' }));
      expect(changed).toMatchObject({ ok: true, job: { sequence: 1, chauffeurId: 'chauffeur-2' } });
      const freed = await store.assign(
        job({ bookingId: 'booking-3', reference: 'MIFQ2A3D', carId: 'CAR3' }),
      );
      expect(freed).toMatchObject({ ok: true, job: { sequence: 0 } });

      const unassigned = await store.unassign('booking-1', {
        at: '2026-11-27T02:00:00.000Z',
        by: 'dispatch@businesschauffeur.example',
      });
      expect(unassigned?.previous.chauffeurId).toBe('chauffeur-2');
      expect(unassigned?.job).toMatchObject({ chauffeurId: null, carId: null, sequence: 2 });
      await expect(
        store.unassign('booking-1', { at: '2026-11-27T02:00:00.000Z', by: 'x' }),
      ).resolves.toBeNull();
      await expect(store.unassign('never', { at: 'x', by: 'x' })).resolves.toBeNull();
      // Its car is free again, and assigning it again goes on from the sequence.
      const again = await store.assign(job({ chauffeurId: 'chauffeur-4' }));
      expect(again).toMatchObject({ ok: true, job: { sequence: 3 } });

      const listed = await store.listJobs(['booking-1', 'booking-3', 'none']);
      expect(listed.map((entry) => entry.bookingId).sort()).toEqual(['booking-1', 'booking-3']);
      await expect(store.listJobs([])).resolves.toEqual([]);
      await expect(store.getJob('booking-3')).resolves.toMatchObject({
        chauffeurId: 'chauffeur-1',
      });
    });

    it('lets exactly one of two instances assign one chauffeur to two overlapping jobs at once', async () => {
      for (let round = 0; round < 3; round += 1) {
        const [a, b] = [getHarness().open(), getHarness().open()];
        const outcomes = await Promise.all([
          a.assign(job({ bookingId: `a-${round}`, carId: `A${round}`, chauffeurId: `c${round}` })),
          b.assign(
            job({
              bookingId: `b-${round}`,
              carId: `B${round}`,
              chauffeurId: `c${round}`,
              start: '2026-12-01T23:00:00.000Z',
              end: '2026-12-02T00:30:00.000Z',
            }),
          ),
        ]);
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
        expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
          expect.objectContaining({ ok: false, busy: 'chauffeur' }),
        ]);
      }
    });
  });
}
