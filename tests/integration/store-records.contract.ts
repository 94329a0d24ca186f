// The part of the BookingStore contract that issue 6 relies on: user profiles, feedback and
// chauffeur applications. Run by booking-store.contract.ts against every adapter.
import { describe, expect, it } from 'vitest';
import type {
  BookingStore,
  NewApplication,
  NewFeedback,
  UserProfile,
} from '~/store/booking-store.server';

export function sampleFeedback(overrides: Partial<NewFeedback> = {}): NewFeedback {
  return {
    userId: null,
    firstName: 'Ngaio',
    lastName: 'Marsh',
    subject: 'Airport pickup',
    message: 'Our driver waited with a sign and helped with the luggage. Thank you!',
    contact: { email: 'ngaio@example.com', phone: '0400 000 000' },
    creationDate: new Date().toISOString(),
    ...overrides,
  };
}

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

export function storeRecordsContract(getStore: () => BookingStore) {
  describe('user profiles', () => {
    it('saves, reads back and replaces a profile by account id', async () => {
      const store = getStore();
      const profile: UserProfile = {
        id: 'account-1',
        firstName: 'Ngaio',
        lastName: 'Marsh',
        email: 'ngaio@example.com',
        createdAt: new Date().toISOString(),
      };
      await store.saveUserProfile(profile);
      await expect(store.getUserProfile('account-1')).resolves.toEqual(profile);
      await store.saveUserProfile({ ...profile, lastName: 'Marsh-Smith' });
      await expect(store.getUserProfile('account-1')).resolves.toEqual({
        ...profile,
        lastName: 'Marsh-Smith',
      });
      await expect(store.getUserProfile('nobody')).resolves.toBeNull();
    });
  });

  describe('feedback', () => {
    it('keeps every field of the specification and lists newest first', async () => {
      const store = getStore();
      const older = await store.addFeedback(
        sampleFeedback({ creationDate: '2031-01-01T00:00:00.000Z' }),
      );
      const newer = await store.addFeedback(
        sampleFeedback({ userId: 'account-1', creationDate: '2031-01-02T00:00:00.000Z' }),
      );
      expect(older.id).not.toBe(newer.id);
      expect(newer).toEqual({
        id: newer.id,
        ...sampleFeedback({ userId: 'account-1', creationDate: newer.creationDate }),
      });
      const listed = await store.listFeedback();
      expect(listed).toEqual([newer, older]);
      await expect(store.listFeedback({ limit: 1 })).resolves.toEqual([newer]);
    });
  });

  describe('applications', () => {
    it('keeps chauffeur and contractor applications, newest first', async () => {
      const store = getStore();
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
      expect(contractor.type).toBe('contractor');
      expect(contractor.driverAuthority).toBeNull();
      await expect(store.listApplications()).resolves.toEqual([contractor, chauffeur]);
      await expect(store.listApplications({ limit: 1 })).resolves.toEqual([contractor]);
    });
  });
}
