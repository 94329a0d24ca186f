// The ApplicationStore contract: every adapter must pass it (SQLite always, Firestore on the
// emulator). Chauffeur and contractor applications keep every field, get their own ids, and are
// listed newest first; staff set where they are with one (status and note), which replaces the
// last and changes nothing else.
import { describe, expect, it } from 'vitest';
import type { ApplicationStore, NewApplication } from '~/store/application-store.server';
import type { Harness } from '../support/store-harness';
import { recordStoreLifecycle } from './record-store.contract';

export function sampleApplication(overrides: Partial<NewApplication> = {}): NewApplication {
  return {
    type: 'chauffeur',
    city: 'Brisbane',
    experience: { years: 7, details: 'Hotel concierge driver, then five years of corporate work.' },
    personal: { firstName: 'Arthur', lastName: 'Upfield', dateOfBirth: '1980-04-02' },
    licence: { number: '123456789', class: 'C (car)', state: 'Queensland', expiry: '2031-05-01' },
    driverAuthority: { number: 'DA12345', expiry: '2030-01-31' },
    address: {
      street: '1 Queen Street',
      suburb: 'Brisbane City',
      state: 'Queensland',
      postcode: '4000',
    },
    contact: { email: 'arthur@example.com', mobile: '0400111222' },
    userId: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

export function applicationStoreContract(getHarness: () => Harness<ApplicationStore>) {
  describe('application store', () => {
    recordStoreLifecycle(getHarness, {
      write: async (store) => [await store.addApplication(sampleApplication())],
      read: (store) => store.listApplications(),
    });

    it('keeps chauffeur and contractor applications, newest first', async () => {
      const store = getHarness().open();
      const chauffeur = await store.addApplication(
        sampleApplication({ createdAt: '2031-01-01T00:00:00.000Z' }),
      );
      const contractor = await store.addApplication(
        sampleApplication({
          type: 'contractor',
          driverAuthority: null,
          createdAt: '2031-01-02T00:00:00.000Z',
        }),
      );
      expect(chauffeur).toEqual({
        id: chauffeur.id,
        ...sampleApplication({ createdAt: chauffeur.createdAt }),
      });
      expect(contractor.type).toBe('contractor');
      expect(contractor.driverAuthority).toBeNull();
      await expect(store.listApplications()).resolves.toEqual([contractor, chauffeur]);
      await expect(store.listApplications({ limit: 1 })).resolves.toEqual([contractor]);
    });

    it('reads one application and sets where staff are with it; an unknown id is null', async () => {
      const store = getHarness().open();
      const application = await store.addApplication(sampleApplication());
      await expect(store.getApplication(application.id)).resolves.toEqual(application);
      expect(application.handling).toBeUndefined();

      const started = {
        status: 'in-progress' as const,
        note: 'Interview on Tuesday.',
        updatedAt: '2031-01-03T00:00:00.000Z',
        updatedBy: 'dispatch@example.com',
      };
      await expect(store.setHandling(application.id, started)).resolves.toEqual({
        ...application,
        handling: started,
      });
      const done = { ...started, status: 'done' as const, note: 'Offered a start in March.' };
      await store.setHandling(application.id, done);
      await expect(getHarness().open().getApplication(application.id)).resolves.toEqual({
        ...application,
        handling: done,
      });
      await expect(store.listApplications()).resolves.toEqual([{ ...application, handling: done }]);

      await expect(store.getApplication('NoSuchApplication000')).resolves.toBeNull();
      await expect(store.setHandling('NoSuchApplication000', done)).resolves.toBeNull();
      await expect(store.listApplications()).resolves.toHaveLength(1);
    });
  });
}
