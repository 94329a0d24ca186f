// The ApplicationStore contract: every adapter must pass it (SQLite always, Firestore on the
// emulator). Chauffeur and contractor applications keep every field, get their own ids, and are
// listed newest first.
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
  });
}
